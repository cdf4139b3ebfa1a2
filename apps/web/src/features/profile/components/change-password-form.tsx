import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest } from '@loyalty/contract';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordInput } from '@/components/ui/password-input';
import { passwordRule, usePasswordPolicy } from '@/hooks/use-password-policy';
import { errorMessage, fieldIssues } from '@/lib/api';
import { useChangePassword } from '../api/change-password';

/** Texts of the change-password form. */
const CHANGE_PASSWORD_MESSAGES = {
  done: 'Password changed',
  failed: 'Failed to change password. Please try again.',
  sameAsCurrent: 'Choose a password different from the current one',
} as const;

/**
 * The form's rules: the contract's ChangePasswordRequest, the new password at least the
 * platform's minimum `minLength` (the server's message), typed twice, and not the current one.
 */
function changePasswordSchema(minLength: number) {
  return z
    .object({
      currentPassword: ChangePasswordRequest.shape.currentPassword,
      newPassword: passwordRule(minLength, 'New password is required').pipe(ChangePasswordRequest.shape.newPassword),
      confirmPassword: z.string().min(1, 'Please confirm your new password'),
    })
    .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' })
    .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent });
}
type Values = z.infer<ReturnType<typeof changePasswordSchema>>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * 'Change password': current password, new password (hint 'At least {n}
 * characters' from the platform's policy) and its confirmation. The button shows a spinner
 * while the change runs. Success: toast 'Password changed', the fields empty again. Failure:
 * the server's field messages under their fields ('Current password is incorrect', the policy,
 * the same-password rule); anything else (rate limit, network) in an alert above the fields.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => changePasswordSchema(policy.minLength), [policy.minLength]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const generalError = change.isError && fieldIssues(change.error).every((i) => !(SERVER_FIELDS as readonly string[]).includes(i.field));

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(CHANGE_PASSWORD_MESSAGES.done);
          form.reset(EMPTY);
        },
        onError: (err) => {
          const issues = fieldIssues(err).filter((i) => (SERVER_FIELDS as readonly string[]).includes(i.field));
          issues.forEach((issue, index) =>
            form.setError(issue.field as (typeof SERVER_FIELDS)[number], { type: 'server', message: issue.message }, { shouldFocus: index === 0 }),
          );
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Change password" onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-slate-600">You stay signed in here; your other devices and browsers are signed out.</p>
          {generalError && <Alert tone="error">{errorMessage(change.error, CHANGE_PASSWORD_MESSAGES.failed)}</Alert>}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            hint={policy.hint}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <div className="flex justify-end pt-1">
            <Button type="submit" loading={change.isPending}>
              <KeyRound aria-hidden="true" className="h-4 w-4" />
              Change password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
