import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema/index.ts';
import { type CheckoutEffects, type CheckoutOutcome, type CheckoutRef, refCondition } from './checkouts.ts';

/**
 * Applies a paid checkout exactly once (no payment event credits money twice:
 * docs/product.md 'Payments', ADR 0008), in the caller's transaction `tx`: takes the kind's
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
  now: Date,
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
