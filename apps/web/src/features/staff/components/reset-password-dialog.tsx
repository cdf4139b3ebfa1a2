import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { StaffPasswordRequest, type StaffUser } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormDialog } from '@/components/ui/form-dialog';
import { PasswordInput } from '@/components/ui/password-input';
import { passwordRule, usePasswordPolicy } from '@/hooks/use-password-policy';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { saveErrorMessage, serverFieldErrors } from '@/lib/server-field-errors';
import { staffName } from './labels';
import { translate, useMessages } from '@/lib/i18n';
import { staffMessages } from '../messages';

/** New password (at least the platform's minimum `minLength`, the contract's 6 as the floor) typed twice. */
const resetSchema = (minLength: number) =>
  z
    .object({
      password: passwordRule(minLength).pipe(StaffPasswordRequest.shape.password),
      confirm: z.string(),
    })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: translate(staffMessages, 'passwordsDoNotMatch') });
type ResetValues = z.infer<ReturnType<typeof resetSchema>>;

/**
 * 'Reset password' dialog of a staff member (PUT /users/{id}/password): new password (at least the
 * platform's minimum, shown as 'At least {n} characters'; the server's policy message lands on the
 * field) and its confirmation ('Passwords do not match'). Success: 'Password reset successfully'
 * and the dialog closes; failure: the server's text, else 'Failed to reset password. Please try
 * again.'
 */
export function ResetPasswordDialog({ slug, user, onClose }: { slug: string; user: StaffUser | null; onClose: () => void }) {
  const t = useMessages(staffMessages);
  const reset = useResetStaffPassword(slug);
  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      size="sm"
      title={t('resetPassword')}
      description={user ? t('resetPasswordDescription', { name: staffName(user), email: user.email }) : undefined}
      pending={reset.isPending}
      submitLabel={t('resetPassword')}
    >
      {(formId) => user && <ResetForm key={user.id} formId={formId} user={user} reset={reset} onDone={onClose} />}
    </FormDialog>
  );
}

function ResetForm({ formId, user, reset, onDone }: { formId: string; user: StaffUser; reset: ReturnType<typeof useResetStaffPassword>; onDone: () => void }) {
  const t = useMessages(staffMessages);
  const policy = usePasswordPolicy();
  const schema = useMemo(() => resetSchema(policy.minLength), [policy.minLength]);
  const form = useForm<ResetValues>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((v) =>
    reset.mutate(
      { id: user.id, password: v.password },
      {
        onSuccess: () => {
          toast.success(t('passwordResetDone'));
          form.reset();
          onDone();
        },
        onError: (err) => {
          for (const { field, message } of serverFieldErrors(err, ['password'] as const)) form.setError(field, { message });
          toast.error(saveErrorMessage(err, t('passwordResetFailed')));
        },
      },
    ),
  );
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <PasswordInput
        label={t('newPasswordLabel')}
        autoComplete="new-password"
        hint={policy.hint}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordInput label={t('confirmNewPasswordLabel')} autoComplete="new-password" error={errors.confirm?.message} {...form.register('confirm')} />
    </form>
  );
}
