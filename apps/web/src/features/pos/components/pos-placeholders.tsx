import { ScanLine } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';

/** While a looked-up card loads: a spinner card; when the lookup failed: the server's reason, else 'Card not found'. */
export function CardLoadStatus({ pending, error }: { pending: boolean; error: unknown }) {
  const t = useMessages(posMessages);
  if (pending)
    return (
      <Card>
        <CardContent className="flex items-center justify-center gap-3 py-10 text-indigo-600">
          <Spinner label={t('cardLoading')} />
          <span className="text-sm text-slate-600">{t('cardLoadingEllipsis')}</span>
        </CardContent>
      </Card>
    );
  if (error) return <Alert tone="error">{errorMessage(error, t('cardNotFound'))}</Alert>;
  return null;
}

/** Right-hand placeholder of the POS terminal until a card is loaded: 'Scan a customer card to begin'. */
export function PosIdle() {
  const t = useMessages(posMessages);
  return (
    <Card className="h-full">
      <EmptyState
        framed={false}
        className="h-full min-h-64"
        icon={<ScanLine aria-hidden="true" className="h-8 w-8" />}
        title={t('idleTitle')}
        description={t('idleDescription')}
      />
    </Card>
  );
}
