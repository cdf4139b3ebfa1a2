import { KeyRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import type { useResetPasswordForm } from '../hooks/use-reset-password-form';

/** The words of a {@link ResetPasswordForm}: the form's accessible name, the password's label and the button. */
export interface PasswordFormText {
  form: string;
  password: string;
  submit: string;
}

const RESET_TEXT: PasswordFormText = { form: 'Choose a new password', password: 'New password', submit: 'Set new password' };

/**
 * The /reset-password form: a failure no field explains (rate limit, network) in a
 * red box, 'New password' (hint 'At least {n} characters' from the policy, or the server's
 * policy message), 'Confirm password' and 'Set new password', spinning while `pending`.
 * `text` renames the form, the password and the button (/accept-invitation: 'Password', 'Create my password').
 */
export function ResetPasswordForm({
  form,
  onSubmit,
  pending,
  failure,
  policy,
  text = RESET_TEXT,
}: Pick<ReturnType<typeof useResetPasswordForm>, 'form' | 'onSubmit' | 'pending' | 'failure' | 'policy'> & { text?: PasswordFormText }) {
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={text.form} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <PasswordInput label={text.password} autoComplete="new-password" hint={policy.hint} error={errors.password?.message} {...form.register('password')} />
      <PasswordInput label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {!pending && <KeyRound aria-hidden="true" className="h-4 w-4" />}
        {text.submit}
      </Button>
    </form>
  );
}
