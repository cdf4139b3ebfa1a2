import type { Tx } from '../../db/client.ts';
import type { PaymentProvider } from '../../payments/port.ts';

/** Which checkout to complete: ours by tenant and id (Demo Pay), or the provider's session id (webhook). */
export type CheckoutRef = { tenantId: string; checkoutId: string } | { providerSessionId: string };

/** What completeCheckout did. */
export type CheckoutOutcome = 'completed' | 'already-completed' | 'canceled' | 'not-found';

/**
 * Applies a paid checkout exactly once (decisions.md 'Payments'; issue 6 'no payment event can
 * credit money twice'), in the caller's transaction `tx`: locks the checkout_sessions row
 * FOR UPDATE; OPEN → COMPLETED with completedAt and `providerPaymentId`, and its effect:
 * ADD_FUNDS credits the card through one ADJUST ledger row; CARD_ORDER marks the order PAID
 * and adds its UNASSIGNED cards and quota. Returns 'already-completed' (nothing changes) when
 * it was completed before, 'canceled' for a canceled checkout, 'not-found' for no such row.
 */
export async function completeCheckout(
  _tx: Tx,
  _provider: PaymentProvider,
  _ref: CheckoutRef,
  _payment: { providerPaymentId: string | null },
  _now: Date = new Date(),
): Promise<CheckoutOutcome> {
  throw new Error('completeCheckout: not built yet (checkout increment of issue 6)');
}
