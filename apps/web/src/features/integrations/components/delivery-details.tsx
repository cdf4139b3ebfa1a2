import type { WebhookDeliveryItem } from '@loyalty/contract';
import { FactRow } from '@/components/ui/facts';
import { formatDateTime } from '@/lib/format';
import { RichMessage, useMessages } from '@/lib/i18n';
import { payloadText } from '../lib/delivery-status';
import { integrationsMessages } from '../messages';

/** A block of monospace text in its own scrolling, keyboard-reachable region named `label`. */
function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="mt-1.5 max-h-64 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <pre className="font-mono text-xs break-words whitespace-pre-wrap text-slate-800">{children}</pre>
    </div>
  );
}

/**
 * One delivery opened in the log: its event id (the `webhook-id` header), the last
 * and next attempt times, the response excerpt (the first 500 characters of the last answer,
 * or why there was none) and the payload JSON that was signed and sent.
 */
export function DeliveryDetails({ id, delivery }: { id: string; delivery: WebhookDeliveryItem }) {
  const t = useMessages(integrationsMessages);
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-indigo-100 bg-white p-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        <RichMessage
          catalog={integrationsMessages}
          id="deliveryOf"
          values={{ event: delivery.eventType }}
          components={{ code: <code className="font-mono" /> }}
        />
      </h3>
      <dl className="grid gap-x-6 sm:grid-cols-2">
        <FactRow label={t('deliveryEventId')}>
          <code className="font-mono text-xs">{delivery.eventId}</code>
        </FactRow>
        <FactRow label={t('deliveryCreated')}>{formatDateTime(delivery.createdAt)}</FactRow>
        <FactRow label={t('deliveryLastAttempt')}>{formatDateTime(delivery.lastAttemptAt)}</FactRow>
        <FactRow label={t('deliveryNextAttempt')}>{formatDateTime(delivery.nextAttemptAt)}</FactRow>
      </dl>
      <div>
        <h4 className="text-sm font-medium text-slate-700">{t('deliveryResponse')}</h4>
        <CodeBlock label={t('deliveryResponseExcerpt')}>{delivery.responseExcerpt || t('deliveryNoResponseBody')}</CodeBlock>
      </div>
      <div>
        <h4 className="text-sm font-medium text-slate-700">{t('deliveryPayload')}</h4>
        <CodeBlock label={t('deliveryPayload')}>{payloadText(delivery.payload)}</CodeBlock>
      </div>
    </section>
  );
}
