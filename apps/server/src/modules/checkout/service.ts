import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CheckoutKind, CheckoutStatus, CheckoutUrlResponse, CheckoutView } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { auditLog, cardOrders, cards, checkoutSessions, payments, stores, tenants, transactions } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { PaymentProvider, PaymentTenant } from '../../payments/port.ts';
import { lockTenantForBilling } from '../billing/service.ts';
import { insertUnassignedCards } from '../cards/service.ts';

/**
 * Hosted checkouts (decisions.md 'Payments'; issue 6): money entering from outside through
 * the payment provider, for add funds (spec §2 Customers 'Add Funds to Card', §5) and card
 * orders (decisions.md 'Card orders'). A checkout_sessions row is OPEN until it is paid
 * (COMPLETED, exactly once: its effect is applied in the transaction that flips it) or
 * CANCELED. Money in integer cents.
 */

/** Which checkout to complete: ours by tenant and id (Demo Pay), or the provider's session id (webhook). */
export type CheckoutRef = { tenantId: string; checkoutId: string } | { providerSessionId: string };

/** What completeCheckout did. */
export type CheckoutOutcome = 'completed' | 'already-completed' | 'canceled' | 'not-found';

/** What cancelCheckout did. */
export type CancelOutcome = 'canceled' | 'already-canceled' | 'already-completed' | 'not-found';

/** The ledger note of an add-funds credit (spec §3 'Transaction' note). */
export const ADD_FUNDS_NOTE = 'Added funds online';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A checkout_sessions row. */
export type CheckoutRow = typeof checkoutSessions.$inferSelect;

/** What a new checkout pays for and where the browser goes afterwards. */
export interface OpenCheckoutInput {
  kind: CheckoutKind;
  /** The charge, integer cents (> 0). */
  amountCents: number;
  /** Shown on the checkout page and sent to the provider as the line item. */
  description: string;
  /** ADD_FUNDS: the customer and the card to credit. */
  customerId?: string | null;
  cardId?: string | null;
  /** CARD_ORDER: the order to mark PAID. */
  cardOrderId?: string | null;
  /** App paths (starting with '/') for after payment and after cancelling; PUBLIC_URL is prefixed for the provider. */
  returnPath: string;
  cancelPath: string;
  /** The signed-in user who opened it (the ledger row's userId for add funds). */
  createdBy: string | null;
}

/** What openCheckout opened: where to send the browser, our checkout id and the provider's session id. */
export interface OpenedCheckout extends CheckoutUrlResponse {
  checkoutId: string;
  providerSessionId: string;
}

/**
 * The provider's view of tenant `tenantId` (no lock): id, name, slug and providerCustomerId.
 * 404 'Tenant not found' when the row is gone.
 */
export async function paymentTenantOf(db: DbOrTx, tenantId: string): Promise<PaymentTenant> {
  const [t] = await db
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, providerCustomerId: tenants.providerCustomerId })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!t) throw notFound('Tenant not found');
  return t;
}

/**
 * Opens a hosted checkout in the caller's transaction `tx` (decisions.md 'Payments'):
 * inserts a checkout_sessions row (status OPEN, provider = `provider.kind`, amount in cents,
 * returnUrl/cancelUrl = the app paths `input.returnPath` / `input.cancelPath`, which the Demo
 * checkout page follows), asks the provider for a session with absolute URLs
 * (`${config.publicUrl}${path}`), stores its providerSessionId and returns `{ checkoutUrl }`
 * (Demo: `/t/{slug}/checkout/{checkoutId}`) with the new row's id and the provider's session
 * id. Nothing is paid until completeCheckout runs. Validation of the amount and of what is
 * paid for is the caller's.
 */
export async function openCheckout(
  tx: Tx,
  provider: PaymentProvider,
  config: Pick<Config, 'publicUrl'>,
  tenant: PaymentTenant,
  input: OpenCheckoutInput,
): Promise<OpenedCheckout> {
  const [row] = await tx
    .insert(checkoutSessions)
    .values({
      tenantId: tenant.id,
      kind: input.kind,
      status: 'OPEN',
      provider: provider.kind,
      amountCents: input.amountCents,
      description: input.description,
      customerId: input.customerId ?? null,
      cardId: input.cardId ?? null,
      cardOrderId: input.cardOrderId ?? null,
      returnUrl: input.returnPath,
      cancelUrl: input.cancelPath,
      createdBy: input.createdBy,
    })
    .returning({ id: checkoutSessions.id });
  const session = await provider.createCheckout(tx, tenant, {
    checkoutId: row.id,
    description: input.description,
    amountCents: input.amountCents,
    successUrl: `${config.publicUrl}${input.returnPath}`,
    cancelUrl: `${config.publicUrl}${input.cancelPath}`,
  });
  await tx
    .update(checkoutSessions)
    .set({ providerSessionId: session.providerSessionId })
    .where(and(eq(checkoutSessions.tenantId, tenant.id), eq(checkoutSessions.id, row.id)));
  return { checkoutUrl: session.url, checkoutId: row.id, providerSessionId: session.providerSessionId };
}

/** The WHERE condition of a checkout reference; null for a malformed checkout id. */
function refCondition(ref: CheckoutRef) {
  if ('providerSessionId' in ref) return eq(checkoutSessions.providerSessionId, ref.providerSessionId);
  if (!UUID_RE.test(ref.checkoutId)) return null;
  return and(eq(checkoutSessions.tenantId, ref.tenantId), eq(checkoutSessions.id, ref.checkoutId));
}

/**
 * One checkout of a tenant (no lock), or null for an unknown, malformed or another tenant's
 * id. Used by the checkout routes.
 */
export async function findCheckout(db: DbOrTx, tenantId: string, checkoutId: string): Promise<CheckoutRow | null> {
  const cond = refCondition({ tenantId, checkoutId });
  if (!cond) return null;
  const [row] = await db.select().from(checkoutSessions).where(cond);
  return row ?? null;
}

/** A checkout row → CheckoutView (contract checkout.ts): cents, ISO-8601, the app paths as returnUrl/cancelUrl. */
export function toCheckoutView(row: CheckoutRow): CheckoutView {
  return {
    id: row.id,
    kind: row.kind as CheckoutKind,
    status: row.status as CheckoutStatus,
    amountCents: row.amountCents,
    description: row.description,
    returnUrl: row.returnUrl,
    cancelUrl: row.cancelUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Applies a paid checkout exactly once (decisions.md 'Payments'; issue 6 'no payment event can
 * credit money twice'), in the caller's transaction `tx`: locks the checkout_sessions row
 * FOR UPDATE; OPEN → COMPLETED with completedAt and `providerPaymentId`, and its effect:
 * ADD_FUNDS credits the card through one ADJUST ledger row; CARD_ORDER marks the order PAID
 * and adds its UNASSIGNED cards and quota. Returns 'already-completed' (nothing changes) when
 * it was completed before, 'canceled' for a canceled checkout, 'not-found' for no such row.
 *
 * Details (this increment's decisions):
 * - Lock order. A CARD_ORDER checkout locks the tenant row first (lockTenantForBilling,
 *   ADR 0005), then the checkout row, like the card-order service (tenant → order →
 *   checkouts), so the two never deadlock. An ADD_FUNDS checkout locks the checkout row, then
 *   the card row.
 * - ADD_FUNDS: the card row is locked FOR UPDATE; one `transactions` row (type ADJUST,
 *   category null, amountCents = the checkout's amount, cashbackCents 0, before/after
 *   balances, the checkout's customer, the card's store, userId = who opened the checkout,
 *   note 'Added funds online') and the card's balance += amount. The card is credited even if
 *   it was BLOCKED meanwhile (the money is paid; blocking only stops the POS). If the card no
 *   longer belongs to the checkout's customer (or is gone), nothing is credited: the checkout
 *   is still marked COMPLETED (the payment happened and must not be applied later to someone
 *   else) and an audit_log row `checkout.add_funds_not_credited` records it for a manual
 *   refund. No `payments` row: that money is the store's, not platform revenue.
 * - CARD_ORDER: the order row is locked; when it is PENDING_PAYMENT it becomes PAID (paidAt =
 *   now), `quantity` UNASSIGNED cards are inserted with card_order_id set (store: the tenant's
 *   oldest active store, else none), tenants.purchased_cards += quantity, and a `payments` row
 *   (kind 'card_order', status 'paid', amount = the order's total in cents, planId null,
 *   providerPaymentId, tenant name) is written. When the order is no longer PENDING_PAYMENT
 *   (cannot happen through our routes: cancelling an order cancels its OPEN checkouts under
 *   the same tenant lock), the checkout is marked COMPLETED without effect and an audit_log
 *   row `checkout.card_order_not_applied` records it for a manual refund.
 */
export async function completeCheckout(
  tx: Tx,
  _provider: PaymentProvider,
  ref: CheckoutRef,
  payment: { providerPaymentId: string | null },
  now: Date = new Date(),
): Promise<CheckoutOutcome> {
  const cond = refCondition(ref);
  if (!cond) return 'not-found';
  // Unlocked read to learn the kind and tenant, so that a card-order checkout can take the
  // tenant lock before the checkout lock (lock order tenant → order → checkout).
  const [peek] = await tx.select({ tenantId: checkoutSessions.tenantId, kind: checkoutSessions.kind }).from(checkoutSessions).where(cond);
  if (!peek) return 'not-found';
  const tenant = peek.kind === 'CARD_ORDER' ? await lockTenantForBilling(tx, peek.tenantId) : null;
  const [checkout] = await tx.select().from(checkoutSessions).where(cond).for('update');
  if (!checkout) return 'not-found';
  if (checkout.status === 'COMPLETED') return 'already-completed';
  if (checkout.status === 'CANCELED') return 'canceled';
  await tx
    .update(checkoutSessions)
    .set({ status: 'COMPLETED', completedAt: now, providerPaymentId: payment.providerPaymentId })
    .where(and(eq(checkoutSessions.tenantId, checkout.tenantId), eq(checkoutSessions.id, checkout.id)));
  if (checkout.kind === 'ADD_FUNDS') {
    await creditAddFunds(tx, checkout);
  } else {
    await applyPaidCardOrder(tx, tenant!, checkout, payment.providerPaymentId, now);
  }
  return 'completed';
}

/** The ADD_FUNDS effect of completeCheckout (see there). */
async function creditAddFunds(tx: Tx, checkout: CheckoutRow): Promise<void> {
  const tenantId = checkout.tenantId;
  const [card] = checkout.cardId
    ? await tx
        .select({ id: cards.id, balanceCents: cards.balanceCents, customerId: cards.customerId, storeId: cards.storeId })
        .from(cards)
        .where(and(eq(cards.tenantId, tenantId), eq(cards.id, checkout.cardId)))
        .for('update')
    : [];
  if (!card || !checkout.customerId || card.customerId !== checkout.customerId) {
    await tx.insert(auditLog).values({
      tenantId,
      userId: checkout.createdBy,
      action: 'checkout.add_funds_not_credited',
      entity: 'checkout',
      entityId: checkout.id,
      before: null,
      after: { reason: card ? 'card no longer belongs to the customer' : 'card not found', cardId: checkout.cardId, customerId: checkout.customerId, amountCents: checkout.amountCents },
    });
    return;
  }
  const before = card.balanceCents;
  const after = before + checkout.amountCents;
  await tx.update(cards).set({ balanceCents: after }).where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
  await tx.insert(transactions).values({
    tenantId,
    cardId: card.id,
    customerId: checkout.customerId,
    storeId: card.storeId,
    userId: checkout.createdBy,
    type: 'ADJUST',
    category: null,
    amountCents: checkout.amountCents,
    cashbackCents: 0,
    beforeBalanceCents: before,
    afterBalanceCents: after,
    note: ADD_FUNDS_NOTE,
  });
}

/** The tenant's oldest active store, or null (where cards of a paid order are placed). */
async function oldestActiveStore(tx: Tx, tenantId: string): Promise<string | null> {
  const [store] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.active, true)))
    .orderBy(asc(stores.createdAt), asc(stores.id))
    .limit(1);
  return store?.id ?? null;
}

/** The CARD_ORDER effect of completeCheckout (see there); the tenant row is locked. */
async function applyPaidCardOrder(
  tx: Tx,
  tenant: { id: string; name: string },
  checkout: CheckoutRow,
  providerPaymentId: string | null,
  now: Date,
): Promise<void> {
  const tenantId = tenant.id;
  const [order] = checkout.cardOrderId
    ? await tx
        .select()
        .from(cardOrders)
        .where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, checkout.cardOrderId)))
        .for('update')
    : [];
  if (!order || order.status !== 'PENDING_PAYMENT') {
    await tx.insert(auditLog).values({
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
  const storeId = await oldestActiveStore(tx, tenantId);
  await insertUnassignedCards(tx, tenantId, order.quantity, { storeId, cardOrderId: order.id });
  await tx
    .update(tenants)
    .set({ purchasedCards: sql`${tenants.purchasedCards} + ${order.quantity}` })
    .where(eq(tenants.id, tenantId));
  await tx.insert(payments).values({
    tenantId,
    tenantName: tenant.name,
    planId: null,
    kind: 'card_order',
    amountCents: order.totalCents,
    status: 'paid',
    providerPaymentId,
  });
}

/**
 * Cancels an OPEN checkout in the caller's transaction `tx` (the Demo page's Cancel, a card
 * order being cancelled or re-checked-out, or an expired provider session): OPEN → CANCELED;
 * nothing else changes (a card order stays PENDING_PAYMENT). Returns 'already-canceled' /
 * 'already-completed' (nothing changes) or 'not-found' (unknown or malformed id). A canceled
 * checkout can never complete (completeCheckout answers 'canceled').
 */
export async function cancelCheckout(tx: Tx, ref: CheckoutRef): Promise<CancelOutcome> {
  const cond = refCondition(ref);
  if (!cond) return 'not-found';
  const [checkout] = await tx.select({ tenantId: checkoutSessions.tenantId, id: checkoutSessions.id, status: checkoutSessions.status }).from(checkoutSessions).where(cond).for('update');
  if (!checkout) return 'not-found';
  if (checkout.status === 'COMPLETED') return 'already-completed';
  if (checkout.status === 'CANCELED') return 'already-canceled';
  await tx
    .update(checkoutSessions)
    .set({ status: 'CANCELED' })
    .where(and(eq(checkoutSessions.tenantId, checkout.tenantId), eq(checkoutSessions.id, checkout.id)));
  return 'canceled';
}

/** 404 text of an unknown, malformed or another tenant's checkout id. */
export const CHECKOUT_NOT_FOUND = 'Checkout not found';
/** 409 text of Pay/Cancel on a checkout of a real provider (it is paid on the provider's page). */
export const CHECKOUT_AT_PROVIDER = 'This checkout is paid with the payment provider';
/** 409 text of Pay on a canceled checkout. */
export const CHECKOUT_CANCELED = 'This checkout was canceled';
/** 409 text of Cancel on a paid checkout. */
export const CHECKOUT_ALREADY_PAID = 'This checkout is already paid';

/**
 * GET /api/t/{slug}/checkout/{id} (decisions.md 'Payments': the Demo checkout page's data):
 * the CheckoutView (amount in cents). 404 'Checkout not found' for an unknown, malformed or
 * another tenant's id.
 */
export async function getCheckoutView(db: DbOrTx, tenantId: string, checkoutId: string): Promise<CheckoutView> {
  const row = await findCheckout(db, tenantId, checkoutId);
  if (!row) throw notFound(CHECKOUT_NOT_FOUND);
  return toCheckoutView(row);
}

/**
 * POST /api/t/{slug}/checkout/{id}/pay: the Demo checkout page's Pay (decisions.md
 * 'Payments'). In ONE transaction: completeCheckout with a fresh `demo_pay_…` payment id.
 * Returns the CheckoutView, COMPLETED; paying a COMPLETED checkout again answers the same
 * view and credits nothing. Errors: 404 'Checkout not found'; 409 'This checkout is paid with
 * the payment provider' (the checkout's provider is not 'demo'); 409 'This checkout was
 * canceled'. Nothing is written on an error.
 */
export async function payDemoCheckout(db: Database, provider: PaymentProvider, tenantId: string, checkoutId: string, now = new Date()): Promise<CheckoutView> {
  return db.transaction(async (tx) => {
    const row = await findCheckout(tx, tenantId, checkoutId);
    if (!row) throw notFound(CHECKOUT_NOT_FOUND);
    if (row.provider !== 'demo') throw conflict(CHECKOUT_AT_PROVIDER);
    const outcome = await completeCheckout(tx, provider, { tenantId, checkoutId: row.id }, { providerPaymentId: `demo_pay_${randomUUID()}` }, now);
    if (outcome === 'not-found') throw notFound(CHECKOUT_NOT_FOUND);
    if (outcome === 'canceled') throw conflict(CHECKOUT_CANCELED);
    return toCheckoutView((await findCheckout(tx, tenantId, row.id))!);
  });
}

/**
 * POST /api/t/{slug}/checkout/{id}/cancel: the Demo checkout page's Cancel. OPEN → CANCELED
 * (a card order stays PENDING_PAYMENT and can be checked out again); cancelling a CANCELED
 * checkout again answers the same view. Returns the CheckoutView. Errors: 404 'Checkout not
 * found'; 409 'This checkout is paid with the payment provider' (not a Demo checkout: a real
 * provider's session expires at the provider); 409 'This checkout is already paid'.
 */
export async function cancelDemoCheckout(db: Database, tenantId: string, checkoutId: string): Promise<CheckoutView> {
  return db.transaction(async (tx) => {
    const row = await findCheckout(tx, tenantId, checkoutId);
    if (!row) throw notFound(CHECKOUT_NOT_FOUND);
    if (row.provider !== 'demo') throw conflict(CHECKOUT_AT_PROVIDER);
    const outcome = await cancelCheckout(tx, { tenantId, checkoutId: row.id });
    if (outcome === 'not-found') throw notFound(CHECKOUT_NOT_FOUND);
    if (outcome === 'already-completed') throw conflict(CHECKOUT_ALREADY_PAID);
    return toCheckoutView((await findCheckout(tx, tenantId, row.id))!);
  });
}
