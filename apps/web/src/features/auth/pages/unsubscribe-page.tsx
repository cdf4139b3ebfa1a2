import { useSearchParams } from 'react-router';
import { MailX } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthLayout } from '../components/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { useUnsubscribe } from '../api/unsubscribe';
import { useMessages } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * /unsubscribe?token=… (public): where the link at the foot of a customer message
 * lands. Nothing changes until the customer presses 'Unsubscribe' (a link checker opening the
 * page must not unsubscribe anyone); then the server's answer replaces the button. Without a
 * token, or for a refused one, the server's message says so.
 */
export function UnsubscribePage() {
  const t = useMessages(authMessages);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useUnsubscribe();
  if (mutation.data) {
    return (
      <AuthLayout title={t('unsubscribedTitle')} subtitle={t('unsubscribedSubtitle')}>
        <AuthNotice tone="success" to={paths.home} linkLabel={t('unsubscribedDone')}>
          {mutation.data.message}
        </AuthNotice>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('unsubscribeTitle')} subtitle={t('unsubscribeSubtitle')}>
      <div className="space-y-4">
        {(!token || mutation.error) && <Alert tone="error">{mutation.error?.message ?? t('unsubscribeInvalid')}</Alert>}
        <Button size="lg" className="w-full" loading={mutation.isPending} disabled={!token} onClick={() => mutation.mutate(token)}>
          {!mutation.isPending && <MailX aria-hidden="true" className="h-4 w-4" />}
          {t('unsubscribeSubmit')}
        </Button>
      </div>
    </AuthLayout>
  );
}
