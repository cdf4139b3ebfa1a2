import { Plus, Webhook } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { TableSkeleton } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useWebhookEndpoints } from '../api/webhook-endpoints';
import { useWebhookActions } from '../hooks/use-webhook-actions';
import { WEBHOOK_TEXTS } from '../lib/texts';
import { DeleteWebhookEndpointDialog } from './delete-webhook-endpoint-dialog';
import { DeliveriesDialog } from './deliveries-dialog';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';
import { WebhookEndpointList } from './webhook-endpoint-list';

/**
 * The Webhooks tab of Integrations (docs/product.md 'API keys and webhooks'): what webhooks do, 'Add
 * endpoint', and the endpoints (loading rows, 'No webhook endpoints yet', a load error with Try
 * again, a red alert when a refresh fails), each with Edit, Send test event, View deliveries
 * and Delete (after a confirmation). State lives in `useWebhookActions`.
 */
export function WebhooksTab({ slug }: { slug: string }) {
  const endpoints = useWebhookEndpoints(slug);
  const a = useWebhookActions(slug);
  const list = endpoints.data?.endpoints ?? [];
  const editing = a.modal.mode === 'edit' ? a.modal.endpoint : null;
  const addButton = (
    <Button onClick={a.openCreate}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      Add endpoint
    </Button>
  );
  let body;
  if (endpoints.isPending)
    body = <TableSkeleton rows={3} label="Loading webhook endpoints" className="rounded-xl border border-slate-200 bg-white shadow-sm" />;
  else if (endpoints.isError && !endpoints.data)
    body = <LoadError title={WEBHOOK_TEXTS.loadFailed} query={endpoints} fallback="Something went wrong while loading the webhook endpoints." />;
  else if (list.length === 0)
    body = (
      <EmptyState
        icon={<Webhook aria-hidden="true" className="h-8 w-8" />}
        title="No webhook endpoints yet"
        description="Add an endpoint to hear about transactions, cards and customers as they happen."
        action={addButton}
      />
    );
  else
    body = (
      <WebhookEndpointList
        endpoints={list}
        busy={endpoints.isFetching}
        actions={{ onEdit: a.openEdit, onTest: a.sendTest, onDeliveries: a.setLogOf, onDelete: a.setDeleting, testingId: a.testingId }}
      />
    );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <p className="min-w-64 flex-1 text-sm text-slate-600">
          Webhooks send events to your systems as they happen. Every request is signed (Standard Webhooks) with the endpoint’s secret; failed deliveries are
          retried for 3 days, and an endpoint that keeps failing for 5 days is disabled.
        </p>
        {addButton}
      </div>
      {endpoints.isError && endpoints.data && <Alert tone="error">{errorMessage(endpoints.error, WEBHOOK_TEXTS.loadFailed)}</Alert>}
      {body}
      <WebhookEndpointDialog slug={slug} open={a.modal.mode !== 'closed'} endpoint={list.find((e) => e.id === editing?.id) ?? editing} onClose={a.closeModal} />
      <DeleteWebhookEndpointDialog slug={slug} endpoint={a.deleting} onClose={() => a.setDeleting(null)} />
      <DeliveriesDialog slug={slug} endpoint={a.logOf} onClose={() => a.setLogOf(null)} />
    </div>
  );
}
