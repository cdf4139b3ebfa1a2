import type { StaffUser } from '@loyalty/contract';
import { ShieldOff } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { errorMessage, isApiError } from '@/lib/api';
import { useResetStaffTwoFactor } from '../api/reset-two-factor';
import { staffName } from './labels';

/**
 * 'Reset two-factor' confirmation of a cashier who lost their authenticator (docs/security.md):
 * their sign-in asks for the password only until they set two-factor up again; they are
 * e-mailed. Confirm: toast 'Two-factor reset' and close. A refusal shows the server's text in
 * the dialog.
 */
export function ResetTwoFactorDialog({ slug, user, onClose }: { slug: string; user: StaffUser | null; onClose: () => void }) {
  const reset = useResetStaffTwoFactor(slug);
  const refused = reset.isError && (isApiError(reset.error, 403) || isApiError(reset.error, 404) || isApiError(reset.error, 409)) ? reset.error.message : null;
  const close = () => {
    reset.reset();
    onClose();
  };
  const confirm = () => {
    if (!user) return;
    reset.mutate(user.id, {
      onSuccess: () => {
        toast.success('Two-factor reset');
        close();
      },
      onError: (err) => toast.error(errorMessage(err, 'Failed to reset two-factor. Please try again.')),
    });
  };
  return (
    <ActionConfirmDialog
      open={user !== null}
      onClose={close}
      title="Reset two-factor"
      pending={reset.isPending}
      onConfirm={confirm}
      icon={ShieldOff}
      confirmLabel="Reset two-factor"
      error={refused}
    >
      {user && (
        <p>
          Turn off two-factor authentication for <span className="font-semibold text-slate-900">{staffName(user)}</span> ({user.email})? Their authenticator
          codes and recovery codes stop working, and they are told by e-mail.
        </p>
      )}
    </ActionConfirmDialog>
  );
}
