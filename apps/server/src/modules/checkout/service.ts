import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CheckoutKind, CheckoutUrlResponse, CheckoutView } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PaymentProvider, PaymentTenant } from '../../payments/port.ts';
import { writeAudit } from '../audit/service.ts';

/**
 * Hosted checkouts (decisions.md 'Payments'; issue 6): money entering from outside through
 * the payment provider, for add funds (spec §2 Customers 'Add Funds to Card', §5) and card
 * orders (decisions.md 'Card orders'). The module owns `checkout_sessions`. A checkout is OPEN
 * until it is paid (COMPLETED, exactly once: its effect is applied in the transaction that
 * flips it) or CANCELED. What a paid checkout does belongs to the module that opened it: the
 * effects (CheckoutEffects) are handed in by the composition root (src/wiring.ts), so this
 * module depends on neither add funds nor card orders (ADR 0012). Money in integer cents.
 */

/** Which checkout to complete: ours by tenant and id (Demo Pay), or the provider's session id (webhook). */
export type CheckoutRef = { tenantId: string; checkoutId: string } | { providerSessionId: string };

/** What completeCheckout did. */
export type CheckoutOutcome = 'completed' | 'already-completed' | 'canceled' | 'not-found';

/** What cancelCheckout did. */
export type CancelOutcome = 'canceled' | 'already-canceled' | 'already-completed' | 'not-found';

/** A checkout_sessions row. */
export type CheckoutRow = typeof checkoutSessions.$inferSelect;

/** What a paid checkout does, for one kind of checkout. */
export interface CheckoutEffect {
  /**
   * Locks to take before the checkout row (lock order, so that the opener's own use cases and
   * the completion never deadlock): a card order locks the tenant row first (ADR 0005).
   */
  lockFirst?(tx: Tx, tenantId: string): Promise<void>;
  /** Applies the paid `checkout` in the transaction that flipped it OPEN → COMPLETED (ADR 0008). */
  apply(tx: Tx, checkout: CheckoutRow, payment: { providerPaymentId: string | null }, now: Date): Promise<void>;
}

/** The effect of each kind of checkout (src/wiring.ts: ADD_FUNDS → add-funds, CARD_ORDER → card-orders). */
export type CheckoutEffects = Record<CheckoutKind, CheckoutEffect>;

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
  if (!isUuid(ref.checkoutId)) return null;
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
    kind: row.kind,
    status: row.status,
    amountCents: row.amountCents,
    description: row.description,
    returnUrl: row.returnUrl,
    cancelUrl: row.cancelUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Applies a paid checkout exactly once (decisions.md 'Payments'; issue 6 'no payment event can
 * credit money twice'; ADR 0008), in the caller's transaction `tx`: takes the kind's
 * `lockFirst` locks, locks the checkout_sessions row FOR UPDATE; OPEN → COMPLETED with
 * completedAt = `now` and `providerPaymentId`, and its effect (`effects[kind].apply`):
 * ADD_FUNDS credits the card through one ADJUST ledger row (add-funds module); CARD_ORDER
 * marks the order PAID and adds its UNASSIGNED cards and quota (card-orders module). Returns
 * 'already-completed' (nothing changes) when it was completed before, 'canceled' for a
 * canceled checkout, 'not-found' for no such row (or a malformed id).
 *
 * Lock order: an unlocked read learns the kind and tenant first, so that a card-order
 * checkout takes the tenant lock before the checkout lock (tenant → order → checkout, like the
 * card-order service), and the two never deadlock. An ADD_FUNDS checkout locks the checkout
 * row, then the card row.
 */
export async function completeCheckout(
  tx: Tx,
  effects: CheckoutEffects,
  ref: CheckoutRef,
  payment: { providerPaymentId: string | null },
  now: Date = new Date(),
): Promise<CheckoutOutcome> {
  const cond = refCondition(ref);
  if (!cond) return 'not-found';
  const [peek] = await tx.select({ tenantId: checkoutSessions.tenantId, kind: checkoutSessions.kind }).from(checkoutSessions).where(cond);
  if (!peek) return 'not-found';
  const effect = effects[peek.kind];
  await effect.lockFirst?.(tx, peek.tenantId);
  const [checkout] = await tx.select().from(checkoutSessions).where(cond).for('update');
  if (!checkout) return 'not-found';
  if (checkout.status === 'COMPLETED') return 'already-completed';
  if (checkout.status === 'CANCELED') return 'canceled';
  await tx
    .update(checkoutSessions)
    .set({ status: 'COMPLETED', completedAt: now, providerPaymentId: payment.providerPaymentId })
    .where(and(eq(checkoutSessions.tenantId, checkout.tenantId), eq(checkoutSessions.id, checkout.id)));
  await effect.apply(tx, checkout, payment, now);
  return 'completed';
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

/**
 * Which of the given card orders were paid through the Demo provider (issue 12 item 2: the
 * operator must not ship an order no money was taken for): the ids among `orders` (each
 * `{ tenantId, id }` of a card order) that have a COMPLETED checkout_sessions row with
 * provider 'demo'. One query; an empty list asks nothing. Orders paid otherwise (Stripe) or
 * not paid at all are not in the set.
 */
export async function demoPaidCardOrders(db: DbOrTx, orders: { tenantId: string; id: string }[]): Promise<Set<string>> {
  if (!orders.length) return new Set();
  const rows = await db
    .selectDistinct({ cardOrderId: checkoutSessions.cardOrderId })
    .from(checkoutSessions)
    .where(
      and(
        inArray(checkoutSessions.tenantId, [...new Set(orders.map((o) => o.tenantId))]),
        inArray(checkoutSessions.cardOrderId, orders.map((o) => o.id)),
        eq(checkoutSessions.status, 'COMPLETED'),
        eq(checkoutSessions.provider, 'demo'),
      ),
    );
  return new Set(rows.map((r) => r.cardOrderId).filter((id): id is string => id !== null));
}

/**
 * Whether card order `cardOrderId` of tenant `tenantId` was paid through the Demo provider
 * (a COMPLETED checkout with provider 'demo'; issue 12 item 2). False for an order paid with
 * Stripe, an unpaid one or an unknown id.
 */
export async function paidWithDemo(db: DbOrTx, tenantId: string, cardOrderId: string): Promise<boolean> {
  return (await demoPaidCardOrders(db, [{ tenantId, id: cardOrderId }])).has(cardOrderId);
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
export async function payDemoCheckout(db: Database, effects: CheckoutEffects, tenantId: string, checkoutId: string, now = new Date()): Promise<CheckoutView> {
  return db.transaction(async (tx) => {
    const row = await findCheckout(tx, tenantId, checkoutId);
    if (!row) throw notFound(CHECKOUT_NOT_FOUND);
    if (row.provider !== 'demo') throw conflict(CHECKOUT_AT_PROVIDER);
    const outcome = await completeCheckout(tx, effects, { tenantId, checkoutId: row.id }, { providerPaymentId: `demo_pay_${randomUUID()}` }, now);
    if (outcome === 'not-found') throw notFound(CHECKOUT_NOT_FOUND);
    if (outcome === 'canceled') throw conflict(CHECKOUT_CANCELED);
    return toCheckoutView((await findCheckout(tx, tenantId, row.id))!);
  });
}

/**
 * POST /api/t/{slug}/checkout/{id}/cancel: the Demo checkout page's Cancel. OPEN → CANCELED
 * (a card order stays PENDING_PAYMENT and can be checked out again); cancelling a CANCELED
 * checkout again answers the same view (a checkout.cancel audit row for the first). Returns the CheckoutView. Errors: 404 'Checkout not
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
    if (outcome === 'canceled') await writeAudit(tx, { tenantId, action: 'checkout.cancel', entity: 'checkout', entityId: row.id, before: { status: 'OPEN' }, after: { status: 'CANCELED' } });
    return toCheckoutView((await findCheckout(tx, tenantId, row.id))!);
  });
}

/** The ids of the OPEN checkouts of card order `cardOrderId` of the tenant (the caller holds the tenant lock). */
export async function openCheckoutIdsOfOrder(tx: Tx, tenantId: string, cardOrderId: string): Promise<string[]> {
  const open = await tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.tenantId, tenantId), eq(checkoutSessions.cardOrderId, cardOrderId), eq(checkoutSessions.status, 'OPEN')));
  return open.map((c) => c.id);
}

/**
 * The payment references of the card order's latest COMPLETED checkout (newest completion):
 * the provider's payment id and session id, either possibly null; null when none completed.
 */
export async function completedPaymentOfOrder(tx: DbOrTx, tenantId: string, cardOrderId: string): Promise<{ providerPaymentId: string | null; providerSessionId: string | null } | null> {
  const [paid] = await tx
    .select({ providerPaymentId: checkoutSessions.providerPaymentId, providerSessionId: checkoutSessions.providerSessionId })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.tenantId, tenantId), eq(checkoutSessions.cardOrderId, cardOrderId), eq(checkoutSessions.status, 'COMPLETED')))
    .orderBy(desc(checkoutSessions.completedAt))
    .limit(1);
  return paid ?? null;
}

/** The tenant and amount (cents) of the checkout whose provider session is `providerSessionId`, or null (a webhook's refund of a canceled checkout). */
export async function checkoutOfSession(db: DbOrTx, providerSessionId: string): Promise<{ tenantId: string; amountCents: number } | null> {
  const [row] = await db
    .select({ tenantId: checkoutSessions.tenantId, amountCents: checkoutSessions.amountCents })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  return row ?? null;
}

/** The provider's session `providerSessionId` expired: its checkout becomes CANCELED if it is still OPEN (a COMPLETED one stays). */
export async function expireCheckoutSession(tx: Tx, providerSessionId: string): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: 'CANCELED' })
    .where(and(eq(checkoutSessions.providerSessionId, providerSessionId), eq(checkoutSessions.status, 'OPEN')));
}
