import { and, eq } from 'drizzle-orm';
import type { WebhookDeliveryItem } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import type { DeliveryEventType } from './enqueue-events.ts';

/** A delivery row as the log lists it: its columns and item. */

/** The columns of a delivery the log lists. */
export const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  durationMs: webhookDeliveries.durationMs,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  payload: webhookDeliveries.payload,
};

/** A row of `deliveryColumns` → WebhookDeliveryItem (times ISO-8601; `nextAttemptAt` only while pending). */
export function toDeliveryItem(row: {
  id: string;
  eventId: string;
  eventType: DeliveryEventType;
  status: WebhookDeliveryItem['status'];
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  responseExcerpt: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  payload: unknown;
}): WebhookDeliveryItem {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: Number(row.attempts),
    responseStatus: row.responseStatus ?? null,
    durationMs: row.durationMs ?? null,
    responseExcerpt: row.responseExcerpt ?? null,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    payload: row.payload,
  };
}

/** Delivery `id` of tenant `tenantId` as an item (no lock). */
export async function deliveryItem(db: DbOrTx, tenantId: string, id: string): Promise<WebhookDeliveryItem> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)));
  return toDeliveryItem(row);
}
