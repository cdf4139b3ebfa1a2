import { useSearchParams } from 'react-router';
import { MailX } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthLayout } from '../components/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=… (public): where the link at the foot of a customer message
 * lands. Nothing changes until the customer presses 'Unsubscribe' (a link checker opening the
 * page must not unsubscribe anyone); then the server's answer replaces the button. Without a
 * token, or for a refused one, the server's message says so.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useUnsubscribe();
  if (mutation.data) {
    return (
      <AuthLayout title="Unsubscribed" subtitle="Your card and its balance stay as they are.">
        <AuthNotice tone="success" to={paths.home} linkLabel="Done">
          {mutation.data.message}
        </AuthNotice>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Unsubscribe" subtitle="Stop the messages this business sends you about your rewards card. Your card and its balance stay as they are.">
      <div className="space-y-4">
        {(!token || mutation.error) && <Alert tone="error">{mutation.error?.message ?? 'This unsubscribe link is not valid.'}</Alert>}
        <Button size="lg" className="w-full" loading={mutation.isPending} disabled={!token} onClick={() => mutation.mutate(token)}>
          {!mutation.isPending && <MailX aria-hidden="true" className="h-4 w-4" />}
          Unsubscribe
        </Button>
      </div>
    </AuthLayout>
  );
}
