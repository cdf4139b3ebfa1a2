import { sql } from 'drizzle-orm';
import type { WebhookDeliveryItem } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { deliveryColumns, toDeliveryItem } from './deliveries.ts';
import { lockEndpoint } from './endpoints.ts';
import { eventPayload, newEventId } from './enqueue-events.ts';

/**
 * POST /api/t/{slug}/webhook-endpoints/{id}/test (Send test event): writes a
 * 'webhook.test' delivery for this endpoint only, pending and due at `now`, with the payload
 * `{ type: 'webhook.test', timestamp, data: { endpointId, message } }`, and answers it; the
 * caller nudges the worker. Works on a disabled endpoint too (one attempt, no retries: see
 * `dispatchWebhooks`), so an admin can check the receiver before turning it back on. Throws
 * 404 'Webhook endpoint not found'.
 */
export async function sendTestEvent(db: Database, tenantId: string, endpointId: string, now: Date): Promise<WebhookDeliveryItem> {
  return db.transaction(async (tx) => {
    await lockEndpoint(tx, tenantId, endpointId);
    const data = { endpointId, message: 'This is a test event. Your endpoint received it.' };
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        tenantId,
        endpointId,
        eventId: newEventId(),
        eventType: 'webhook.test',
        payload: sql`${eventPayload('webhook.test', data, now)}::jsonb`,
        roundStartedAt: now,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning(deliveryColumns);
    return toDeliveryItem(row);
  });
}
