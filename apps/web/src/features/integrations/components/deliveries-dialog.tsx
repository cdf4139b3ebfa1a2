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
import { useDeliveryLog } from '../hooks/use-delivery-log';
import { WEBHOOK_TEXTS } from '../lib/texts';
import { DeliveriesTable } from './deliveries-table';
import { DeliveryDetails } from './delivery-details';

/**
 * The delivery log of one endpoint, in a dialog titled 'Deliveries' with the
 * endpoint's URL under it: Refresh, then the deliveries' table (loading rows, 'No deliveries
 * yet', a load error with Try again) with Details and Resend per row, and the opened
 * delivery's response excerpt and payload under the table. `endpoint`: whose log, or null (closed).
 */
export function DeliveriesDialog({ slug, endpoint, onClose }: { slug: string; endpoint: WebhookEndpointItem | null; onClose: () => void }) {
  return (
    <Dialog
      open={endpoint !== null}
      onClose={onClose}
      size="2xl"
      title="Deliveries"
      description={endpoint && <span className="font-mono break-all">{endpoint.url}</span>}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
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
  let body;
  if (deliveries.isPending) body = <TableSkeleton rows={4} label="Loading deliveries" />;
  else if (deliveries.isError && !deliveries.data)
    body = <LoadError title={WEBHOOK_TEXTS.deliveriesFailed} query={deliveries} fallback="Something went wrong while loading the deliveries." compact />;
  else if (log.list.length === 0)
    body = (
      <EmptyState
        icon={<Inbox aria-hidden="true" className="h-8 w-8" />}
        title="No deliveries yet"
        description="Events sent to this endpoint show here. Send a test event to try it."
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
        <p className="text-sm text-slate-600">The newest 100 deliveries, newest first. Failed deliveries are retried for 3 days.</p>
        <Button variant="outline" size="sm" onClick={log.refresh} loading={deliveries.isFetching && !deliveries.isPending}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          Refresh
        </Button>
      </div>
      {deliveries.isError && deliveries.data && <Alert tone="error">{errorMessage(deliveries.error, WEBHOOK_TEXTS.deliveriesFailed)}</Alert>}
      {body}
      {log.openDelivery && <DeliveryDetails id={detailsId} delivery={log.openDelivery} />}
    </div>
  );
}
