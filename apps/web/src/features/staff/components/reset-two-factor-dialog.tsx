import type { StaffUser } from '@loyalty/contract';
import { ShieldOff } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { errorMessage, isApiError } from '@/lib/api';
import { useResetStaffTwoFactor } from '../api/reset-two-factor';
import { staffName } from './labels';
import { RichMessage, useMessages } from '@/lib/i18n';
import { staffMessages } from '../messages';

/**
 * 'Reset two-factor' confirmation of a cashier who lost their authenticator (docs/security.md):
 * their sign-in asks for the password only until they set two-factor up again; they are
 * e-mailed. Confirm: toast 'Two-factor reset' and close. A refusal shows the server's text in
 * the dialog.
 */
export function ResetTwoFactorDialog({ slug, user, onClose }: { slug: string; user: StaffUser | null; onClose: () => void }) {
  const t = useMessages(staffMessages);
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
        toast.success(t('twoFactorResetDone'));
        close();
      },
      onError: (err) => toast.error(errorMessage(err, t('twoFactorResetFailed'))),
    });
  };
  return (
    <ActionConfirmDialog
      open={user !== null}
      onClose={close}
      title={t('resetTwoFactor')}
      pending={reset.isPending}
      onConfirm={confirm}
      icon={ShieldOff}
      confirmLabel={t('resetTwoFactor')}
      error={refused}
    >
      {user && (
        <p>
          <RichMessage
            catalog={staffMessages}
            id="twoFactorText"
            values={{ name: staffName(user), email: user.email }}
            components={{ name: <span className="font-semibold text-slate-900" /> }}
          />
        </p>
      )}
    </ActionConfirmDialog>
  );
}
