import { and, eq } from 'drizzle-orm';
import type { WebhookDeliveryItem } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { deliveryItem } from './deliveries.ts';

/**
 * POST /api/t/{slug}/webhook-endpoints/deliveries/{deliveryId}/resend (Resend): the delivery goes out again with the same event id and payload: pending, due at
 * `now`, a new 3-day round starting at `now` (its retry schedule starts over), attempts and
 * the last outcome kept until the next attempt. A delivery being sent right now (claimed by
 * the worker) is left as it is and answered as it is. On a disabled endpoint it gets one
 * attempt and no retry (as a test event). Throws 404 'Delivery not found'
 * (unknown, malformed or another tenant's id). The caller nudges the worker.
 */
export async function resendDelivery(db: Database, tenantId: string, deliveryId: string, now: Date): Promise<WebhookDeliveryItem> {
  if (!isUuid(deliveryId)) throw notFound('Delivery not found');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: webhookDeliveries.status, lockedUntil: webhookDeliveries.lockedUntil })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, deliveryId)))
      .for('update');
    if (!row) throw notFound('Delivery not found');
    const inFlight = row.status === 'pending' && row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
    if (!inFlight) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', roundStartedAt: now, nextAttemptAt: now, lockedUntil: null })
        .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, deliveryId)));
    }
    return deliveryItem(tx, tenantId, deliveryId);
  });
}
