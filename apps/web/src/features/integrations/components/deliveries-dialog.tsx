import { useId } from 'react';
import type { WebhookEndpointItem } from '@loyalty/contract';
import { Inbox, RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { TableSkeleton } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useMessages } from '@/lib/i18n';
import { useDeliveryLog } from '../hooks/use-delivery-log';
import { integrationsMessages } from '../messages';
import { DeliveriesTable } from './deliveries-table';
import { DeliveryDetails } from './delivery-details';

/**
 * The delivery log of one endpoint, in a dialog titled 'Deliveries' with the
 * endpoint's URL under it: Refresh, then the deliveries' table (loading rows, 'No deliveries
 * yet', a load error with Try again) with Details and Resend per row, and the opened
 * delivery's response excerpt and payload under the table. `endpoint`: whose log, or null (closed).
 */
export function DeliveriesDialog({ slug, endpoint, onClose }: { slug: string; endpoint: WebhookEndpointItem | null; onClose: () => void }) {
  const t = useMessages(integrationsMessages);
  return (
    <Dialog
      open={endpoint !== null}
      onClose={onClose}
      size="2xl"
      title={t('deliveriesTitle')}
      description={endpoint && <span className="font-mono break-all">{endpoint.url}</span>}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {endpoint && <DeliveryLog slug={slug} endpointId={endpoint.id} />}
    </Dialog>
  );
}

/** The body of {@link DeliveriesDialog}; its state and requests live in `useDeliveryLog`. */
function DeliveryLog({ slug, endpointId }: { slug: string; endpointId: string }) {
  const log = useDeliveryLog(slug, endpointId);
  const { deliveries } = log;
  const detailsId = useId();
  const t = useMessages(integrationsMessages);
  let body;
  if (deliveries.isPending) body = <TableSkeleton rows={4} label={t('deliveriesLoading')} />;
  else if (deliveries.isError && !deliveries.data)
    body = <LoadError title={t('deliveriesLoadFailed')} query={deliveries} fallback={t('deliveriesLoadFallback')} compact />;
  else if (log.list.length === 0)
    body = (
      <EmptyState
        icon={<Inbox aria-hidden="true" className="h-8 w-8" />}
        title={t('deliveriesEmptyTitle')}
        description={t('deliveriesEmptyDescription')}
        className="py-10"
      />
    );
  else
    body = (
      <DeliveriesTable
        deliveries={log.list}
        busy={deliveries.isFetching}
        actions={{ onToggle: log.toggle, onResend: log.resend, openId: log.openDelivery?.id, detailsId, resendingId: log.resendingId }}
      />
    );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{t('deliveriesIntro')}</p>
        <Button variant="outline" size="sm" onClick={log.refresh} loading={deliveries.isFetching && !deliveries.isPending}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {t('refresh')}
        </Button>
      </div>
      {deliveries.isError && deliveries.data && <Alert tone="error">{errorMessage(deliveries.error, t('deliveriesLoadFailed'))}</Alert>}
      {body}
      {log.openDelivery && <DeliveryDetails id={detailsId} delivery={log.openDelivery} />}
    </div>
  );
}
