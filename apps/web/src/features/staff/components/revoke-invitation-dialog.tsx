import type { StaffUser } from '@loyalty/contract';
import { UserX } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { isApiError } from '@/lib/api';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useRevokeStaffInvitation } from '../api/staff-invitation';
import { staffName } from './labels';
import { RichMessage, useMessages } from '@/lib/i18n';
import { staffMessages } from '../messages';

/**
 * 'Revoke invitation' confirmation of an invited staff member: revoking stops the
 * e-mailed link and removes the pending account. Confirm: toast 'Invitation revoked' and close
 * (the list refreshes). A refusal (422: the invitation was accepted meanwhile; 404: the member is
 * gone) shows the server's text in the dialog; every failure toasts the server's text, else
 * 'Failed to revoke the invitation. Please try again.'
 */
export function RevokeInvitationDialog({ slug, user, onClose }: { slug: string; user: StaffUser | null; onClose: () => void }) {
  const t = useMessages(staffMessages);
  const revoke = useRevokeStaffInvitation(slug);
  const refused = revoke.isError && (isApiError(revoke.error, 422) || isApiError(revoke.error, 404)) ? revoke.error.message : null;
  const close = () => {
    revoke.reset();
    onClose();
  };
  const confirm = () => {
    if (!user) return;
    revoke.mutate(user.id, {
      onSuccess: () => {
        toast.success(t('invitationRevoked'));
        close();
      },
      onError: (err) => toast.error(saveErrorMessage(err, t('revokeFailed'))),
    });
  };
  return (
    <ActionConfirmDialog
      open={user !== null}
      onClose={close}
      title={t('revokeTitle')}
      pending={revoke.isPending}
      onConfirm={confirm}
      icon={UserX}
      confirmLabel={t('revokeTitle')}
      error={refused}
    >
      {user && (
        <p>
          <RichMessage
            catalog={staffMessages}
            id="revokeText"
            values={{ name: staffName(user), email: user.email }}
            components={{ name: <span className="font-semibold text-slate-900" /> }}
          />
        </p>
      )}
    </ActionConfirmDialog>
  );
}
