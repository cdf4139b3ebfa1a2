import { and, desc, eq } from 'drizzle-orm';
import type { CardOrder, CardOrderListResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { ORDER_NOT_FOUND, toCardOrder } from './card-order-rows.ts';

/** A tenant's card orders: the list and one order. */

/** GET /api/t/{slug}/card-orders → `{ orders }` of the tenant, newest first (createdAt desc, then id desc). */
export async function listCardOrders(db: DbOrTx, tenantId: string): Promise<CardOrderListResponse> {
  const rows = await db.select().from(cardOrders).where(eq(cardOrders.tenantId, tenantId)).orderBy(desc(cardOrders.createdAt), desc(cardOrders.id));
  return { orders: rows.map(toCardOrder) };
}

/** GET /api/t/{slug}/card-orders/{id} → CardOrder. 404 'Order not found' (unknown, malformed or another tenant's id). */
export async function getCardOrder(db: DbOrTx, tenantId: string, orderId: string): Promise<CardOrder> {
  const [order] = isUuid(orderId)
    ? await db
        .select()
        .from(cardOrders)
        .where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, orderId)))
    : [];
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return toCardOrder(order);
}
