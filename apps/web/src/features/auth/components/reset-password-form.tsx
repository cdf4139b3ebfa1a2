import { KeyRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import type { useResetPasswordForm } from '../hooks/use-reset-password-form';

/**
 * The /reset-password form (issue 16): a failure no field explains (rate limit, network) in a
 * red box, 'New password' (hint 'At least {n} characters' from the policy, or the server's
 * policy message), 'Confirm password' and 'Set new password', spinning while `pending`.
 */
export function ResetPasswordForm({ form, onSubmit, pending, failure, policy }: Pick<ReturnType<typeof useResetPasswordForm>, 'form' | 'onSubmit' | 'pending' | 'failure' | 'policy'>) {
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password" className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <PasswordInput label="New password" autoComplete="new-password" hint={policy.hint} error={errors.password?.message} {...form.register('password')} />
      <PasswordInput label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {!pending && <KeyRound aria-hidden="true" className="h-4 w-4" />}
        Set new password
      </Button>
    </form>
  );
}
