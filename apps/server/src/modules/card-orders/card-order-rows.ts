import { and, eq } from 'drizzle-orm';
import type { CardOrder } from '@loyalty/contract';
import type { Tx } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';

/** What the card-order use cases share: their error texts, who acts, the answer's shape and the order row's lock. */

/** 404 text of an unknown, malformed or another tenant's order id. */
export const ORDER_NOT_FOUND = 'Order not found';
/** 409 text of a checkout for an order that is paid (or further along). */
export const ORDER_ALREADY_PAID = 'This order is already paid';
/** 409 text of a checkout for a cancelled order. */
export const ORDER_CANCELED = 'This order was cancelled';
/** 409 text of cancelling an order in PROCESSING, SHIPPED, DELIVERED or CANCELED. */
export const ORDER_NOT_CANCELLABLE = 'This order can no longer be cancelled';
/** 409 text of cancelling a paid order whose cards were activated, credited or moved in the ledger. */
export const ORDER_CARDS_IN_USE = 'Cards of this order are already in use';

/** A card_orders row → CardOrder (contract card-orders.ts): cents, ISO-8601 times. */
export function toCardOrder(row: typeof cardOrders.$inferSelect): CardOrder {
  return {
    id: row.id,
    cardType: row.cardType,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    totalCents: row.totalCents,
    shippingAddress: row.shippingAddress,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The order row of a tenant, locked FOR UPDATE in `tx`; 404 'Order not found' (also for a malformed id). */
export async function lockOrder(tx: Tx, tenantId: string, orderId: string) {
  const [order] = isUuid(orderId)
    ? await tx
        .select()
        .from(cardOrders)
        .where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, orderId)))
        .for('update')
    : [];
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}
