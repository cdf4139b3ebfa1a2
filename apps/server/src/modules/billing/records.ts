import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { payments, subscriptionEvents } from '../../db/schema/index.ts';

/** The platform's money records written by other use cases: payments and subscription events. */

/** What kind of money a `payments` row records (platform revenue; refunds are negative). */
export type PaymentKind = 'subscription' | 'card_order' | 'card_order_refund';

/**
 * Records money received (or refunded, negative) by the platform in `tx` (the operator's recent
 * payments): tenant id and name (kept when the tenant is deleted), the plan
 * (null for card orders), `kind`, amount in cents, status ('paid' or 'refunded') and the
 * provider's payment id (unique: a duplicate throws a unique violation).
 */
export async function recordPayment(
  tx: Tx,
  payment: {
    tenantId: string;
    tenantName: string;
    planId: string | null;
    kind: PaymentKind;
    amountCents: number;
    status: 'paid' | 'refunded';
    providerPaymentId: string | null;
  },
): Promise<void> {
  await tx.insert(payments).values(payment);
}

/** True when a payment with the provider's id `providerPaymentId` is recorded (a webhook delivered twice). */
export async function paymentRecorded(db: DbOrTx, providerPaymentId: string): Promise<boolean> {
  const [seen] = await db.select({ id: payments.id }).from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
  return !!seen;
}

/**
 * Records a subscription event in `tx` (the operator's subscription analytics):
 * 'created', 'updated', 'canceled', 'payment_failed' or 'status_changed' (the operator), with
 * the tenant's name and slug copied (kept when the tenant is deleted), the plan and `data`.
 */
export async function recordSubscriptionEvent(
  tx: Tx,
  event: { tenantId: string; tenantName: string; tenantSlug: string; planId: string | null; eventType: string; data: Record<string, unknown> },
): Promise<void> {
  await tx.insert(subscriptionEvents).values(event);
}
