import { and, desc, eq } from 'drizzle-orm';
import type { CardOrder, CardOrderListResponse, CardOrderStatus, CheckoutUrlResponse, CreateCardOrderRequest } from '@loyalty/contract';
import { cardOrderPrice, formatCents } from '@loyalty/domain';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/index.ts';
import { renderCardOrderStatus, type CardOrderStep } from '../../emails/card-order-status.tsx';
import { conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { writeAudit } from '../audit/service.ts';
import { recordPayment } from '../billing/service.ts';
import { deleteCardsOfOrder, insertUnassignedCards, lockCardsOfOrder } from '../cards/service.ts';
import { cancelCheckout, completedPaymentOfOrder, openCheckout, openCheckoutIdsOfOrder, type CheckoutEffect } from '../checkout/service.ts';
import { oldestActiveStoreId } from '../stores/service.ts';
import { addPurchasedCards, lockTenant, tenantLabels } from '../tenants/index.ts';
import { ledgerRowsOnCards } from '../ledger/views.ts';
import { enqueueEmail } from '../outbox/service.ts';
import { tenantAdminContacts } from '../users/index.ts';

/**
 * Card orders (decisions.md 'Card orders'; spec §7 'Card orders'): printed cards ordered by a
 * tenant_admin, priced from the domain price list when created (PENDING_PAYMENT), paid
 * through the provider's hosted checkout (PAID: the checkout service adds the order's
 * UNASSIGNED cards and raises the quota: `cardOrderEffect`), cancellable (and refunded) until
 * production starts. The module owns `card_orders`; the cards, the quota (tenant row),
 * checkouts and payments are written through their modules (ADR 0012). Money in integer cents.
 */

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

/** Who acts: the request's tenant id and the signed-in user's id (audit). */
export interface CardOrderActor {
  tenantId: string;
  userId: string;
}

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
async function lockOrder(tx: Tx, tenantId: string, orderId: string) {
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

/** GET /api/t/{slug}/card-orders → `{ orders }` of the tenant, newest first (createdAt desc, then id desc). */
export async function listCardOrders(db: DbOrTx, tenantId: string): Promise<CardOrderListResponse> {
  const rows = await db.select().from(cardOrders).where(eq(cardOrders.tenantId, tenantId)).orderBy(desc(cardOrders.createdAt), desc(cardOrders.id));
  return { orders: rows.map(toCardOrder) };
}

/** GET /api/t/{slug}/card-orders/{id} → CardOrder. 404 'Order not found' (unknown, malformed or another tenant's id). */
export async function getCardOrder(db: DbOrTx, tenantId: string, orderId: string): Promise<CardOrder> {
  const [order] = isUuid(orderId)
    ? await db.select().from(cardOrders).where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, orderId)))
    : [];
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return toCardOrder(order);
}

/**
 * POST /api/t/{slug}/card-orders (CreateCardOrderRequest: cardType, quantity 50..10000,
 * shippingAddress; validated by the contract) → the new CardOrder, PENDING_PAYMENT, priced
 * now with the domain price list (cardOrderPrice: unit price of the quantity's tier, total =
 * unit × quantity, cents); the price stays fixed even if the list changes. Writes an
 * audit_log row 'card_order.create' in the same transaction. No quota or subscription check:
 * ordering is always allowed; the cards come when it is paid.
 */
export async function createCardOrder(db: Database, actor: CardOrderActor, input: CreateCardOrderRequest): Promise<CardOrder> {
  const { unitPriceCents, totalCents } = cardOrderPrice(input.cardType, input.quantity);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cardOrders)
      .values({
        tenantId: actor.tenantId,
        cardType: input.cardType,
        quantity: input.quantity,
        unitPriceCents,
        totalCents,
        shippingAddress: input.shippingAddress,
        status: 'PENDING_PAYMENT',
      })
      .returning();
    await writeAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'card_order.create',
      entity: 'card_order',
      entityId: row.id,
      before: null,
      after: { cardType: row.cardType, quantity: row.quantity, unitPriceCents, totalCents, status: row.status },
    });
    return toCardOrder(row);
  });
}

/** OPEN checkouts of an order, cancelled (in `tx`, the tenant row locked by the caller). Returns how many. */
async function cancelOpenCheckouts(tx: Tx, tenantId: string, orderId: string): Promise<number> {
  const open = await openCheckoutIdsOfOrder(tx, tenantId, orderId);
  for (const checkoutId of open) await cancelCheckout(tx, { tenantId, checkoutId });
  return open.length;
}

/**
 * POST /api/t/{slug}/card-orders/checkout `{ orderId }` → `{ checkoutUrl }` (spec §7;
 * decisions.md 'Card orders', 'Payments'). In ONE transaction with the tenant row locked
 * (ADR 0005) and the order row locked: only a PENDING_PAYMENT order can be paid; any OPEN
 * checkout of the order is CANCELED first and a fresh one is opened for the order's total
 * (cents), so an order has at most one payable checkout. (Decision: cancel-and-reopen rather
 * than reuse, because a provider's session URL is not stored and may have expired; a Demo
 * page still open on the old checkout answers 409 'This checkout was canceled' on Pay.) The
 * order's providerCheckoutId is set to the new session id. Return paths:
 * `/t/{slug}/card-orders?paid={orderId}` and `/t/{slug}/card-orders?canceled={orderId}`.
 * Errors (nothing written): 404 'Order not found'; 409 'This order is already paid' (PAID,
 * PROCESSING, SHIPPED, DELIVERED); 409 'This order was cancelled'.
 */
export async function openCardOrderCheckout(
  db: Database,
  provider: PaymentProvider,
  config: Pick<Config, 'publicUrl'>,
  actor: CardOrderActor,
  orderId: string,
): Promise<CheckoutUrlResponse> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, actor.tenantId);
    const order = await lockOrder(tx, tenant.id, orderId);
    if (order.status === 'CANCELED') throw conflict(ORDER_CANCELED);
    if (order.status !== 'PENDING_PAYMENT') throw conflict(ORDER_ALREADY_PAID);
    await cancelOpenCheckouts(tx, tenant.id, order.id);
    const opened = await openCheckout(tx, provider, config, tenant, {
      kind: 'CARD_ORDER',
      amountCents: order.totalCents,
      description: `${order.quantity.toLocaleString('en-US')} printed loyalty cards (${order.cardType === 'SINGLE_SIDED' ? 'single-sided' : 'double-sided custom'})`,
      cardOrderId: order.id,
      returnPath: `/t/${tenant.slug}/card-orders?paid=${order.id}`,
      cancelPath: `/t/${tenant.slug}/card-orders?canceled=${order.id}`,
      createdBy: actor.userId,
    });
    await tx
      .update(cardOrders)
      .set({ providerCheckoutId: opened.providerSessionId })
      .where(and(eq(cardOrders.tenantId, tenant.id), eq(cardOrders.id, order.id)));
    return { checkoutUrl: opened.checkoutUrl };
  });
}

/**
 * DELETE /api/t/{slug}/card-orders/{id} → the CardOrder, CANCELED (decisions.md 'Card
 * orders': cancel before shipping). In ONE transaction with the tenant row locked (ADR 0005:
 * card activations and batches of the tenant wait) and the order row locked:
 * - PENDING_PAYMENT → CANCELED; its OPEN checkouts become CANCELED (a Demo Pay on them
 *   answers 409 'This checkout was canceled').
 * - PAID → CANCELED with a full refund: the order's cards are locked and must all still be
 *   UNASSIGNED with balance 0 and no ledger rows, else 409 'Cards of this order are already
 *   in use' and nothing changes; then the cards are deleted, tenants.purchased_cards −=
 *   quantity (never below 0), the provider refunds the total (`provider.refund` with the
 *   providerPaymentId of the order's completed checkout; a provider error rolls everything
 *   back), and a `payments` row (kind 'card_order_refund', amount −total cents, status
 *   'refunded', providerPaymentId = the provider's refund id, planId null) is written.
 * - PROCESSING, SHIPPED, DELIVERED, CANCELED → 409 'This order can no longer be cancelled'.
 * Writes an audit_log row 'card_order.cancel' (before/after status, refunded cents, cards
 * removed). 404 'Order not found' (unknown, malformed or another tenant's id).
 */
export async function cancelCardOrder(db: Database, provider: PaymentProvider, actor: CardOrderActor, orderId: string): Promise<CardOrder> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, actor.tenantId);
    const order = await lockOrder(tx, tenant.id, orderId);
    let refundedCents = 0;
    let cardsRemoved = 0;
    if (order.status === 'PENDING_PAYMENT') {
      await cancelOpenCheckouts(tx, tenant.id, order.id);
    } else if (order.status === 'PAID') {
      const orderCards = await lockCardsOfOrder(tx, tenant.id, order.id);
      const ids = orderCards.map((c) => c.id);
      const ledgerRows = await ledgerRowsOnCards(tx, tenant.id, ids);
      const inUse = orderCards.some((c) => c.status !== 'UNASSIGNED' || c.balanceCents !== 0 || c.customerId !== null) || ledgerRows > 0;
      if (inUse) throw conflict(ORDER_CARDS_IN_USE);
      if (ids.length) await deleteCardsOfOrder(tx, tenant.id, order.id);
      cardsRemoved = ids.length;
      await addPurchasedCards(tx, tenant.id, -order.quantity);
      const paid = await completedPaymentOfOrder(tx, tenant.id, order.id);
      const providerPaymentId = paid?.providerPaymentId ?? paid?.providerSessionId ?? order.providerCheckoutId ?? `order_${order.id}`;
      const { refundId } = await provider.refund(tx, tenant, providerPaymentId, order.totalCents);
      await recordPayment(tx, {
        tenantId: tenant.id,
        tenantName: tenant.name,
        planId: null,
        kind: 'card_order_refund',
        amountCents: -order.totalCents,
        status: 'refunded',
        providerPaymentId: refundId,
      });
      refundedCents = order.totalCents;
    } else {
      throw conflict(ORDER_NOT_CANCELLABLE);
    }
    const [updated] = await tx
      .update(cardOrders)
      .set({ status: 'CANCELED' })
      .where(and(eq(cardOrders.tenantId, tenant.id), eq(cardOrders.id, order.id)))
      .returning();
    await writeAudit(tx, {
      tenantId: tenant.id,
      userId: actor.userId,
      action: 'card_order.cancel',
      entity: 'card_order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'CANCELED', refundedCents, cardsRemoved },
    });
    return toCardOrder(updated);
  });
}

/**
 * What a paid CARD_ORDER checkout does (completeCheckout, ADR 0008). `lockFirst` takes the
 * tenant row's lock (ADR 0005) before the checkout row, the lock order of this module's own
 * use cases (tenant → order → checkouts). `apply`, in the transaction that completed the
 * checkout: locks the order row; when it is PENDING_PAYMENT it becomes PAID (paidAt = `now`),
 * `quantity` UNASSIGNED cards are inserted with card_order_id set (store: the tenant's oldest
 * active store, else none), the quantity is added to the tenant's purchased cards (quota),
 * a `payments` row (kind 'card_order', status 'paid', amount = the order's total in cents,
 * planId null, the provider's payment id, the tenant's name) and an audit_log row
 * 'card_order.status' (PENDING_PAYMENT → PAID, by whoever opened the checkout) are written. When the order is no
 * longer PENDING_PAYMENT (cannot happen through our routes: cancelling an order cancels its
 * OPEN checkouts under the same tenant lock), nothing changes but an audit_log row
 * `checkout.card_order_not_applied` that records it for a manual refund.
 */
export const cardOrderEffect: CheckoutEffect = {
  async lockFirst(tx, tenantId) {
    await lockTenant(tx, tenantId);
  },
  async apply(tx, checkout, payment, now) {
    const tenant = await lockTenant(tx, checkout.tenantId);
    const tenantId = tenant.id;
    const providerPaymentId = payment.providerPaymentId;
    const [order] = checkout.cardOrderId
      ? await tx
          .select()
          .from(cardOrders)
          .where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, checkout.cardOrderId)))
          .for('update')
      : [];
    if (!order || order.status !== 'PENDING_PAYMENT') {
      await writeAudit(tx, {
        tenantId,
        userId: checkout.createdBy,
        action: 'checkout.card_order_not_applied',
        entity: 'checkout',
        entityId: checkout.id,
        before: null,
        after: { reason: order ? `order is ${order.status}` : 'order not found', cardOrderId: checkout.cardOrderId, amountCents: checkout.amountCents, providerPaymentId },
      });
      return;
    }
    await tx
      .update(cardOrders)
      .set({ status: 'PAID', paidAt: now })
      .where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, order.id)));
    const storeId = await oldestActiveStoreId(tx, tenantId);
    await insertUnassignedCards(tx, tenantId, order.quantity, { storeId, cardOrderId: order.id });
    await addPurchasedCards(tx, tenantId, order.quantity);
    await recordPayment(tx, {
      tenantId,
      tenantName: tenant.name,
      planId: null,
      kind: 'card_order',
      amountCents: order.totalCents,
      status: 'paid',
      providerPaymentId,
    });
    // The payment changes the card quota and is money in: the owner's Activity shows it.
    await writeAudit(tx, {
      tenantId,
      userId: checkout.createdBy,
      action: 'card_order.status',
      entity: 'card_order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'PAID', quantity: order.quantity, totalCents: order.totalCents, providerPaymentId },
    });
    await enqueueCardOrderStatus(tx, tenant, order, 'PAID', now);
  },
};

/**
 * Writes to the outbox, in `tx` (the transaction of the status change), one message per active
 * Store Admin of the tenant telling that card order `order` reached `step` (issue 16 'Card order
 * status': paid, shipped, delivered). Nothing when the tenant has no such admin.
 */
export async function enqueueCardOrderStatus(
  tx: DbOrTx,
  tenant: { id: string; name: string },
  order: { id: string; quantity: number; cardType: string; totalCents: number },
  step: CardOrderStep,
  now: Date,
): Promise<void> {
  for (const admin of await tenantAdminContacts(tx, tenant.id)) {
    const message = await renderCardOrderStatus({
      businessName: tenant.name,
      firstName: admin.firstName,
      step,
      quantity: order.quantity,
      cardType: order.cardType === 'DOUBLE_SIDED_CUSTOM' ? 'custom double-sided' : 'single-sided',
      total: formatCents(order.totalCents),
      orderRef: order.id.slice(0, 8).toUpperCase(),
    });
    await enqueueEmail(tx, { tenantId: tenant.id, kind: `card_order_${step.toLowerCase()}`, to: admin.email, ...message, now });
  }
}

/** A card order with its tenant's id, name and slug (the operator's list). */
export interface CardOrderWithTenant {
  order: typeof cardOrders.$inferSelect;
  tenant: { id: string; name: string; slug: string };
}

/** The `limit` newest card orders of every tenant (created_at desc, id desc), only those with `status` when given, each with its tenant. */
export async function listAllCardOrders(db: DbOrTx, limit: number, status?: CardOrderStatus): Promise<CardOrderWithTenant[]> {
  const tl = tenantLabels(db);
  return db
    .select({ order: cardOrders, tenant: { id: tl.id, name: tl.name, slug: tl.slug } })
    .from(cardOrders)
    .innerJoin(tl, eq(tl.id, cardOrders.tenantId))
    .where(status ? eq(cardOrders.status, status) : undefined)
    .orderBy(desc(cardOrders.createdAt), desc(cardOrders.id))
    .limit(limit);
}

/** Locks card order `orderId` (of any tenant: the operator's fulfilment) `FOR UPDATE` in `tx` and returns it, or null. */
export async function lockAnyCardOrder(tx: Tx, orderId: string): Promise<typeof cardOrders.$inferSelect | null> {
  const [row] = await tx.select().from(cardOrders).where(eq(cardOrders.id, orderId)).for('update');
  return row ?? null;
}

/** Sets the status of the tenant's card order `orderId` in `tx` (the operator's fulfilment step) and returns the updated row. */
export async function setCardOrderStatus(tx: Tx, tenantId: string, orderId: string, status: CardOrderStatus): Promise<typeof cardOrders.$inferSelect> {
  const [updated] = await tx
    .update(cardOrders)
    .set({ status })
    .where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, orderId)))
    .returning();
  return updated;
}
