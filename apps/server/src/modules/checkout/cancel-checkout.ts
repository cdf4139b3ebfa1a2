import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema/index.ts';
import { type CancelOutcome, type CheckoutRef, refCondition } from './checkouts.ts';

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
  const [checkout] = await tx
    .select({ tenantId: checkoutSessions.tenantId, id: checkoutSessions.id, status: checkoutSessions.status })
    .from(checkoutSessions)
    .where(cond)
    .for('update');
  if (!checkout) return 'not-found';
  if (checkout.status === 'COMPLETED') return 'already-completed';
  if (checkout.status === 'CANCELED') return 'already-canceled';
  await tx
    .update(checkoutSessions)
    .set({ status: 'CANCELED' })
    .where(and(eq(checkoutSessions.tenantId, checkout.tenantId), eq(checkoutSessions.id, checkout.id)));
  return 'canceled';
}

/** The provider's session `providerSessionId` expired: its checkout becomes CANCELED if it is still OPEN (a COMPLETED one stays). */
export async function expireCheckoutSession(tx: Tx, providerSessionId: string): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: 'CANCELED' })
    .where(and(eq(checkoutSessions.providerSessionId, providerSessionId), eq(checkoutSessions.status, 'OPEN')));
}
