import { Mail } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { useForgotPasswordForm } from '../hooks/use-forgot-password-form';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * The /forgot-password form: a failure no field explains (rate limit, network) in a
 * red box, the e-mail field (with its own error) and 'Send reset link', spinning while `pending`.
 */
export function ForgotPasswordForm({
  form,
  onSubmit,
  pending,
  failure,
}: Pick<ReturnType<typeof useForgotPasswordForm>, 'form' | 'onSubmit' | 'pending' | 'failure'>) {
  const t = useMessages(authMessages);
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('forgotFormLabel')} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Input
        label={t('emailLabel')}
        type="email"
        autoComplete="email"
        placeholder={t('emailPlaceholder')}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {!pending && <Mail aria-hidden="true" className="h-4 w-4" />}
        {t('forgotSubmit')}
      </Button>
    </form>
  );
}
