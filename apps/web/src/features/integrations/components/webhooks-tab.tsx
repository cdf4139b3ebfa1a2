import { Plus, Webhook } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { TableSkeleton } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useMessages } from '@/lib/i18n';
import { useWebhookEndpoints } from '../api/webhook-endpoints';
import { useWebhookActions } from '../hooks/use-webhook-actions';
import { integrationsMessages } from '../messages';
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
  const t = useMessages(integrationsMessages);
  const list = endpoints.data?.endpoints ?? [];
  const editing = a.modal.mode === 'edit' ? a.modal.endpoint : null;
  const addButton = (
    <Button onClick={a.openCreate}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t('endpointAdd')}
    </Button>
  );
  let body;
  if (endpoints.isPending) body = <TableSkeleton rows={3} label={t('endpointsLoading')} className="rounded-xl border border-slate-200 bg-white shadow-sm" />;
  else if (endpoints.isError && !endpoints.data) body = <LoadError title={t('endpointsLoadFailed')} query={endpoints} fallback={t('endpointsLoadFallback')} />;
  else if (list.length === 0)
    body = (
      <EmptyState
        icon={<Webhook aria-hidden="true" className="h-8 w-8" />}
        title={t('endpointsEmptyTitle')}
        description={t('endpointsEmptyDescription')}
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
        <p className="min-w-64 flex-1 text-sm text-slate-600">{t('webhooksIntro')}</p>
        {addButton}
      </div>
      {endpoints.isError && endpoints.data && <Alert tone="error">{errorMessage(endpoints.error, t('endpointsLoadFailed'))}</Alert>}
      {body}
      <WebhookEndpointDialog slug={slug} open={a.modal.mode !== 'closed'} endpoint={list.find((e) => e.id === editing?.id) ?? editing} onClose={a.closeModal} />
      <DeleteWebhookEndpointDialog slug={slug} endpoint={a.deleting} onClose={() => a.setDeleting(null)} />
      <DeliveriesDialog slug={slug} endpoint={a.logOf} onClose={() => a.setLogOf(null)} />
    </div>
  );
}
