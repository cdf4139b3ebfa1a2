import { and, desc, eq } from 'drizzle-orm';
import type { WebhookDeliveryListResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { deliveryColumns, toDeliveryItem } from './deliveries.ts';
import { DELIVERY_LOG_SIZE } from './delivery-rules.ts';

/**
 * GET /api/t/{slug}/webhook-endpoints/{id}/deliveries (the endpoint's
 * delivery log): its newest DELIVERY_LOG_SIZE (100) deliveries, newest first, each with status,
 * attempts, last response status, duration (ms), excerpt and payload. Throws 404 'Webhook
 * endpoint not found' (unknown, malformed or another tenant's id).
 */
export async function listDeliveries(db: DbOrTx, tenantId: string, endpointId: string): Promise<WebhookDeliveryListResponse> {
  if (!isUuid(endpointId)) throw notFound('Webhook endpoint not found');
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, endpointId)));
  if (!endpoint) throw notFound('Webhook endpoint not found');
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
  return { deliveries: rows.map(toDeliveryItem) };
}
