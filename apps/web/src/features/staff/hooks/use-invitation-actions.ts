import { useState } from 'react';
import type { StaffUser } from '@loyalty/contract';
import { toast } from 'react-toastify';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useResendStaffInvitation } from '../api/staff-invitation';
import { translate } from '@/lib/i18n';
import { staffMessages } from '../messages';

/**
 * The Staff page's invitation actions on an invited member's row:
 * - `resend(user)` posts a new link at once (POST /users/{id}/invitation) and toasts
 *   'Invitation sent again to {email}', else the server's text or 'Failed to resend the
 *   invitation. Please try again.'; `resendingId` is the member whose resend runs (its button spins);
 * - `askRevoke(user)` opens the 'Revoke invitation' confirmation for `revoking`; `closeRevoke()` closes it.
 */
export function useInvitationActions(slug: string) {
  const resendMutation = useResendStaffInvitation(slug);
  const [revoking, setRevoking] = useState<StaffUser | null>(null);
  const resend = (user: StaffUser) =>
    resendMutation.mutate(user.id, {
      onSuccess: () => toast.success(translate(staffMessages, 'invitationResent', { email: user.email })),
      onError: (err) => toast.error(saveErrorMessage(err, translate(staffMessages, 'resendFailed'))),
    });
  return {
    resend,
    resendingId: resendMutation.isPending ? resendMutation.variables : undefined,
    revoking,
    askRevoke: setRevoking,
    closeRevoke: () => setRevoking(null),
  };
}
