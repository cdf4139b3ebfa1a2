import { and, desc, eq } from 'drizzle-orm';
import { NEXT_FULFILMENT_STATUS, type CardOrderStatus, type PlatformCardOrder, type PlatformCardOrderListResponse } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { auditLog, cardOrders, tenants } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { ORDER_NOT_FOUND, toCardOrder } from '../card-orders/service.ts';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Display names of the statuses, for the 409 text. */
const STATUS_LABEL: Record<CardOrderStatus, string> = {
  PENDING_PAYMENT: 'Pending payment',
  PAID: 'Paid',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

/** Most orders one list returns (newest first). */
export const PLATFORM_CARD_ORDER_LIMIT = 200;

function toPlatformOrder(row: typeof cardOrders.$inferSelect, tenant: { id: string; name: string; slug: string }): PlatformCardOrder {
  return { ...toCardOrder(row), tenant };
}

/**
 * GET /api/platform/card-orders?status= (decisions.md 'Card orders': the operator produces and
 * ships paid orders): every tenant's orders, newest first, at most 200, each with its tenant
 * `{ id, name, slug }`; `status` filters. Money in cents.
 */
export async function listPlatformCardOrders(db: DbOrTx, status?: CardOrderStatus): Promise<PlatformCardOrderListResponse> {
  const rows = await db
    .select({ order: cardOrders, tenant: { id: tenants.id, name: tenants.name, slug: tenants.slug } })
    .from(cardOrders)
    .innerJoin(tenants, eq(tenants.id, cardOrders.tenantId))
    .where(status ? eq(cardOrders.status, status) : undefined)
    .orderBy(desc(cardOrders.createdAt), desc(cardOrders.id))
    .limit(PLATFORM_CARD_ORDER_LIMIT);
  return { orders: rows.map((r) => toPlatformOrder(r.order, r.tenant)) };
}

/**
 * PUT /api/platform/card-orders/{id} `{ status }` (decisions.md 'Card orders'): moves a paid
 * order one fulfilment step on — PAID → PROCESSING → SHIPPED → DELIVERED (contract
 * NEXT_FULFILMENT_STATUS). In one transaction with the order row locked, with an audit row
 * (action 'card_order.status', the tenant's) from and to. 404 'Order not found' (unknown or
 * malformed id); 409 'A {current} order can only move to {next}' (or '… cannot move on')
 * for any other status, nothing changed. Returns the order with its tenant.
 */
export async function advanceCardOrder(db: Database, actorId: string | null, orderId: string, status: CardOrderStatus): Promise<PlatformCardOrder> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(cardOrders).where(eq(cardOrders.id, orderId)).for('update');
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const current = row.status as CardOrderStatus;
    const next = NEXT_FULFILMENT_STATUS[current];
    if (status !== next) {
      const message = next
        ? `A ${STATUS_LABEL[current].toLowerCase()} order can only move to ${STATUS_LABEL[next].toLowerCase()}`
        : `A ${STATUS_LABEL[current].toLowerCase()} order cannot move on`;
      throw conflict(message, [{ field: 'body.status', message }]);
    }
    const [updated] = await tx
      .update(cardOrders)
      .set({ status })
      .where(and(eq(cardOrders.tenantId, row.tenantId), eq(cardOrders.id, row.id)))
      .returning();
    await tx.insert(auditLog).values({
      tenantId: row.tenantId,
      userId: actorId,
      action: 'card_order.status',
      entity: 'card_order',
      entityId: row.id,
      before: { status: current },
      after: { status },
    });
    const [tenant] = await tx.select({ id: tenants.id, name: tenants.name, slug: tenants.slug }).from(tenants).where(eq(tenants.id, row.tenantId));
    return toPlatformOrder(updated!, tenant!);
  });
}
