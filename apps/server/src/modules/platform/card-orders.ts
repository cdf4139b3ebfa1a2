import { NEXT_FULFILMENT_STATUS, type CardOrderStatus, type PlatformCardOrder, type PlatformCardOrderListResponse } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { RequestContext } from '../../context.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { enqueueCardOrderStatus, listAllCardOrders, lockAnyCardOrder, ORDER_NOT_FOUND, setCardOrderStatus, toCardOrder } from '../card-orders/index.ts';
import { demoPaidCardOrders, paidWithDemo } from '../checkout/index.ts';
import { tenantNames } from '../tenants/index.ts';

/** Display names of the statuses, for the 409 text. */
const STATUS_LABEL: Record<CardOrderStatus, string> = {
  PENDING_PAYMENT: 'Pending payment',
  PAID: 'Paid',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELED: 'Cancelled',
};

/**
 * 409 text of a fulfilment step on a demo-paid order in production (the Demo
 * provider took no money, so the order must not be produced or shipped).
 */
const DEMO_PAID_NOT_FULFILLED = 'This order was paid with demo payments (no money was taken) and cannot be fulfilled';

/** Most orders one list returns (newest first). */
const PLATFORM_CARD_ORDER_LIMIT = 200;

/** A card_orders row with its tenant and whether it was paid with demo payments → PlatformCardOrder (cents, ISO times). */
function toPlatformOrder(row: Parameters<typeof toCardOrder>[0], tenant: { id: string; name: string; slug: string }, demoPayment: boolean): PlatformCardOrder {
  return { ...toCardOrder(row), tenant, demoPayment };
}

/**
 * GET /api/platform/card-orders?status= (docs/product.md 'Card orders': the operator produces and
 * ships paid orders): every tenant's orders, newest first, at most 200, each with its tenant
 * `{ id, name, slug }` and `demoPayment` (paid on the Demo provider's checkout, the checkout
 * module's demoPaidCardOrders); `status` filters. Money in cents.
 */
export async function listPlatformCardOrders(db: DbOrTx, status?: CardOrderStatus): Promise<PlatformCardOrderListResponse> {
  const rows = await listAllCardOrders(db, PLATFORM_CARD_ORDER_LIMIT, status);
  const demoPaid = await demoPaidCardOrders(
    db,
    rows.map((r) => ({ tenantId: r.order.tenantId, id: r.order.id })),
  );
  return { orders: rows.map((r) => toPlatformOrder(r.order, r.tenant, demoPaid.has(r.order.id))) };
}

/**
 * PUT /api/platform/card-orders/{id} `{ status }` (docs/product.md 'Card orders'): moves a paid
 * order one fulfilment step on — PAID → PROCESSING → SHIPPED → DELIVERED (contract
 * NEXT_FULFILMENT_STATUS). In one transaction with the order row locked, with an audit row
 * (action 'card_order.status', the tenant's) from and to. 404 'Order not found' (unknown or
 * malformed id); 409 'A {current} order can only move to {next}' (or '… cannot move on')
 * for any other status, nothing changed. In production (`config.env`) an
 * order paid through the Demo provider (no money was taken) never moves past PAID: 409 'This
 * order was paid with demo payments (no money was taken) and cannot be fulfilled', details
 * field body.status, nothing changed; in development and test it moves like any other.
 * SHIPPED and DELIVERED also write a message to each Store Admin of the tenant
 * (card-orders `enqueueCardOrderStatus`). Returns the order with its tenant.
 */
export async function advanceCardOrder(
  db: Database,
  config: Pick<Config, 'env'>,
  ctx: RequestContext,
  orderId: string,
  status: CardOrderStatus,
): Promise<PlatformCardOrder> {
  const { now } = ctx;
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const row = await lockAnyCardOrder(tx, orderId);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const current = row.status;
    const next = NEXT_FULFILMENT_STATUS[current];
    if (status !== next) {
      const message = next
        ? `A ${STATUS_LABEL[current].toLowerCase()} order can only move to ${STATUS_LABEL[next].toLowerCase()}`
        : `A ${STATUS_LABEL[current].toLowerCase()} order cannot move on`;
      throw conflict(message, [{ field: 'body.status', message }]);
    }
    const demoPayment = await paidWithDemo(tx, row.tenantId, row.id);
    if (demoPayment && config.env === 'production') {
      throw conflict(DEMO_PAID_NOT_FULFILLED, [{ field: 'body.status', message: DEMO_PAID_NOT_FULFILLED }]);
    }
    const updated = await setCardOrderStatus(tx, row.tenantId, row.id, status);
    await writeAudit(tx, {
      tenantId: row.tenantId,
      ...auditActorOf(ctx),
      action: 'card_order.status',
      entity: 'card_order',
      entityId: row.id,
      before: { status: current },
      after: { status },
    });
    const tenant = (await tenantNames(tx, [row.tenantId])).get(row.tenantId)!;
    // The owner hears when the cards ship and when they arrive, not of the printing step.
    if (status === 'SHIPPED' || status === 'DELIVERED') await enqueueCardOrderStatus(tx, tenant, updated, status, now);
    return toPlatformOrder(updated, tenant, demoPayment);
  });
}
