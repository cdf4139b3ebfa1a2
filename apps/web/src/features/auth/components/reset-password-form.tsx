import { KeyRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import type { useResetPasswordForm } from '../hooks/use-reset-password-form';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/** The words of a {@link ResetPasswordForm}: the form's accessible name, the password's label and the button. */
interface PasswordFormText {
  form: string;
  password: string;
  submit: string;
}

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
  text,
}: Pick<ReturnType<typeof useResetPasswordForm>, 'form' | 'onSubmit' | 'pending' | 'failure' | 'policy'> & { text?: PasswordFormText }) {
  const t = useMessages(authMessages);
  const { errors } = form.formState;
  const words = text ?? { form: t('resetFormLabel'), password: t('resetPasswordLabel'), submit: t('resetSubmit') };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={words.form} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <PasswordInput label={words.password} autoComplete="new-password" hint={policy.hint} error={errors.password?.message} {...form.register('password')} />
      <PasswordInput
        label={t('confirmPasswordLabel')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {!pending && <KeyRound aria-hidden="true" className="h-4 w-4" />}
        {words.submit}
      </Button>
    </form>
  );
}
