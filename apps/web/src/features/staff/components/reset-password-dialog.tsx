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

/** Toast texts of the reset-password dialog. */
const RESET_PASSWORD_MESSAGES = {
  done: 'Password reset successfully',
  failed: 'Failed to reset password. Please try again.',
} as const;

/** New password (at least the platform's minimum `minLength`, the contract's 6 as the floor) typed twice. */
const resetSchema = (minLength: number) =>
  z
    .object({
      password: passwordRule(minLength).pipe(StaffPasswordRequest.shape.password),
      confirm: z.string(),
    })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });
type ResetValues = z.infer<ReturnType<typeof resetSchema>>;

/**
 * 'Reset password' dialog of a staff member (PUT /users/{id}/password): new password (at least the
 * platform's minimum, shown as 'At least {n} characters'; the server's policy message lands on the
 * field) and its confirmation ('Passwords do not match'). Success: 'Password reset successfully'
 * and the dialog closes; failure: the server's text, else 'Failed to reset password. Please try
 * again.'
 */
export function ResetPasswordDialog({ slug, user, onClose }: { slug: string; user: StaffUser | null; onClose: () => void }) {
  const reset = useResetStaffPassword(slug);
  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      size="sm"
      title="Reset password"
      description={user ? `Set a new sign-in password for ${staffName(user)} (${user.email}).` : undefined}
      pending={reset.isPending}
      submitLabel="Reset password"
    >
      {(formId) => user && <ResetForm key={user.id} formId={formId} user={user} reset={reset} onDone={onClose} />}
    </FormDialog>
  );
}

function ResetForm({ formId, user, reset, onDone }: { formId: string; user: StaffUser; reset: ReturnType<typeof useResetStaffPassword>; onDone: () => void }) {
  const policy = usePasswordPolicy();
  const schema = useMemo(() => resetSchema(policy.minLength), [policy.minLength]);
  const form = useForm<ResetValues>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((v) =>
    reset.mutate(
      { id: user.id, password: v.password },
      {
        onSuccess: () => {
          toast.success(RESET_PASSWORD_MESSAGES.done);
          form.reset();
          onDone();
        },
        onError: (err) => {
          for (const { field, message } of serverFieldErrors(err, ['password'] as const)) form.setError(field, { message });
          toast.error(saveErrorMessage(err, RESET_PASSWORD_MESSAGES.failed));
        },
      },
    ),
  );
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <PasswordInput label="New password" autoComplete="new-password" hint={policy.hint} error={errors.password?.message} {...form.register('password')} />
      <PasswordInput label="Confirm new password" autoComplete="new-password" error={errors.confirm?.message} {...form.register('confirm')} />
    </form>
  );
}
