import { and, eq } from 'drizzle-orm';
import type { CheckoutKind, CheckoutView } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

/**
 * The checkout row and its shared pieces: the types every use case of the module speaks, how a
 * reference finds its row, the row's view and the error texts of the Demo page.
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

/** The WHERE condition of a checkout reference; null for a malformed checkout id. */
export function refCondition(ref: CheckoutRef) {
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

/** 404 text of an unknown, malformed or another tenant's checkout id. */
export const CHECKOUT_NOT_FOUND = 'Checkout not found';

/** 409 text of Pay/Cancel on a checkout of a real provider (it is paid on the provider's page). */
export const CHECKOUT_AT_PROVIDER = 'This checkout is paid with the payment provider';

/** 409 text of Pay on a canceled checkout. */
export const CHECKOUT_CANCELED = 'This checkout was canceled';

/** 409 text of Cancel on a paid checkout. */
export const CHECKOUT_ALREADY_PAID = 'This checkout is already paid';
/** The tenant and amount (cents) of the checkout whose provider session is `providerSessionId`, or null (a webhook's refund of a canceled checkout). */
export async function checkoutOfSession(db: DbOrTx, providerSessionId: string): Promise<{ tenantId: string; amountCents: number } | null> {
  const [row] = await db
    .select({ tenantId: checkoutSessions.tenantId, amountCents: checkoutSessions.amountCents })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  return row ?? null;
}
