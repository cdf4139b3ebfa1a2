import type { WebhookDeliveryItem } from '@loyalty/contract';
import { formatCount } from '@/lib/format';
import { translate } from '@/lib/i18n';
import { WEBHOOK_DELIVERY_STATUS_COLORS, WEBHOOK_DELIVERY_STATUS_LABELS, type BadgeColor } from '@/lib/labels';
import { integrationsMessages } from '../messages';

/**
 * The badge of a delivery: Delivered (green), Retrying (yellow), Failed (red); a
 * delivery not tried yet (pending, 0 attempts) reads 'Pending' (blue).
 */
export function deliveryBadge(d: Pick<WebhookDeliveryItem, 'status' | 'attempts'>): { label: string; color: BadgeColor } {
  if (d.status === 'pending' && d.attempts === 0) return { label: translate(integrationsMessages, 'deliveryPending'), color: 'blue' };
  return { label: WEBHOOK_DELIVERY_STATUS_LABELS[d.status], color: WEBHOOK_DELIVERY_STATUS_COLORS[d.status] };
}

/** The last attempt's HTTP status, or '—' when it got no answer (or none was made). */
export function responseLabel(d: Pick<WebhookDeliveryItem, 'responseStatus'>): string {
  return d.responseStatus === null ? '—' : String(d.responseStatus);
}

/** The last attempt's duration, '1,234 ms', or '—'. */
export function durationLabel(d: Pick<WebhookDeliveryItem, 'durationMs'>): string {
  return d.durationMs === null ? '—' : translate(integrationsMessages, 'deliveryDurationMs', { ms: formatCount(d.durationMs) });
}

/** The payload as indented JSON (two spaces), for display. */
export function payloadText(payload: unknown): string {
  if (payload === undefined) return '—';
  try {
    return JSON.stringify(payload, null, 2) ?? String(payload);
  } catch {
    return String(payload);
  }
}
