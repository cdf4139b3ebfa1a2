import type { WebhookEndpointItem } from '@loyalty/contract';
import { History, Pencil, Send, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { integrationsMessages } from '../messages';

/** What an endpoint's row can ask the tab to do. */
export interface EndpointActions {
  onEdit: (endpoint: WebhookEndpointItem) => void;
  onTest: (endpoint: WebhookEndpointItem) => void;
  onDeliveries: (endpoint: WebhookEndpointItem) => void;
  onDelete: (endpoint: WebhookEndpointItem) => void;
  /** The endpoint whose test event is being queued: its button spins. */
  testingId?: string;
}

/** Enabled (green) or Disabled (grey), with 'Failing since …' (orange) while deliveries fail. */
function EndpointStatus({ endpoint }: { endpoint: WebhookEndpointItem }) {
  const t = useMessages(integrationsMessages);
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {endpoint.enabled ? <Badge color="green">{t('endpointEnabled')}</Badge> : <Badge color="grey">{t('endpointDisabled')}</Badge>}
      {endpoint.failingSince && <Badge color="orange">{t('endpointFailingSince', { time: formatDateTime(endpoint.failingSince) })}</Badge>}
    </span>
  );
}

/** Edit, Send test event, View deliveries and Delete of one endpoint, each named with its URL. */
function EndpointButtons({ endpoint, actions }: { endpoint: WebhookEndpointItem; actions: EndpointActions }) {
  const t = useMessages(integrationsMessages);
  const testing = actions.testingId === endpoint.id;
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button variant="outline" size="sm" onClick={() => actions.onDeliveries(endpoint)} aria-label={t('endpointViewDeliveriesLabel', { url: endpoint.url })}>
        <History aria-hidden="true" className="h-4 w-4" />
        {t('endpointViewDeliveries')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        loading={testing}
        disabled={!endpoint.enabled}
        title={endpoint.enabled ? undefined : t('endpointTestNeedsEnabled')}
        onClick={() => actions.onTest(endpoint)}
        aria-label={t('endpointSendTestLabel', { url: endpoint.url })}
      >
        {!testing && <Send aria-hidden="true" className="h-4 w-4" />}
        {t('endpointSendTest')}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => actions.onEdit(endpoint)} aria-label={t('endpointEditLabel', { url: endpoint.url })}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
        {t('endpointEdit')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => actions.onDelete(endpoint)}
        aria-label={t('endpointDeleteLabel', { url: endpoint.url })}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {t('endpointDelete')}
      </Button>
    </div>
  );
}

/** One endpoint: URL (monospace), description, status, events (badges), the disabled reason, and its buttons. */
function EndpointCard({ endpoint, actions }: { endpoint: WebhookEndpointItem; actions: EndpointActions }) {
  const t = useMessages(integrationsMessages);
  return (
    <article
      aria-label={t('endpointLabel', { url: endpoint.url })}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-enabled={String(endpoint.enabled)}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm font-medium break-all text-slate-900">{endpoint.url}</p>
          {endpoint.description && <p className="mt-0.5 text-sm text-slate-600">{endpoint.description}</p>}
        </div>
        <EndpointStatus endpoint={endpoint} />
      </div>
      {endpoint.disabledReason && !endpoint.enabled && <p className="mt-2 text-sm text-red-700">{endpoint.disabledReason}</p>}
      <ul aria-label={t('endpointEvents')} className="mt-3 flex flex-wrap gap-1">
        {endpoint.events.map((e) => (
          <li key={e}>
            <Badge color="indigo" className="font-mono">
              {e}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="mt-3 border-t border-slate-100 pt-3">
        <EndpointButtons endpoint={endpoint} actions={actions} />
      </div>
    </article>
  );
}

/**
 * The tenant's webhook endpoints (docs/product.md 'API keys and webhooks'), one card each: URL,
 * description, Enabled / Disabled (with the server's reason) and 'Failing since …', the events
 * as badges, and Edit, Send test event (enabled endpoints only), View deliveries and Delete.
 */
export function WebhookEndpointList({ endpoints, actions, busy }: { endpoints: WebhookEndpointItem[]; actions: EndpointActions; busy?: boolean }) {
  const t = useMessages(integrationsMessages);
  return (
    <ul aria-label={t('endpointsLabel')} aria-busy={busy || undefined} className="space-y-3">
      {endpoints.map((endpoint) => (
        <li key={endpoint.id}>
          <EndpointCard endpoint={endpoint} actions={actions} />
        </li>
      ))}
    </ul>
  );
}
