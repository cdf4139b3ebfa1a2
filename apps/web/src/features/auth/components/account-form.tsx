import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { NewAccountFormState } from '../hooks/use-account-form';
import { PasswordInput } from '@/components/ui/password-input';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * The new-account form of /signup and /setup: the failure (if any), first and last name side
 * by side, email, password (with the policy's `passwordHint`) and its confirmation, and a full-width
 * submit button (`submitLabel`, spinning while `pending`).
 */
export function AccountForm({
  form,
  onSubmit,
  failure,
  pending,
  passwordHint,
  emailPlaceholder,
  submitLabel,
}: {
  form: NewAccountFormState;
  onSubmit: () => void;
  failure: string | null;
  pending: boolean;
  passwordHint: string | undefined;
  emailPlaceholder: string;
  submitLabel: string;
}) {
  const t = useMessages(authMessages);
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('firstNameLabel')} autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <Input label={t('lastNameLabel')} autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <Input
        label={t('emailLabel')}
        type="email"
        autoComplete="email"
        placeholder={emailPlaceholder}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordInput
        label={t('passwordLabel')}
        autoComplete="new-password"
        hint={passwordHint}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordInput
        label={t('confirmPasswordLabel')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
