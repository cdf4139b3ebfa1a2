import type Stripe from 'stripe';
import { checkoutOfSession, completeCheckout, expireCheckoutSession } from '../checkout/index.ts';
import { paymentTenantOf } from '../tenants/index.ts';
import { type EventCtx, idOf } from './event-context.ts';

/** The checkout session events: a paid session completes its checkout once (ADR 0008), an expired one cancels it. */

/**
 * checkout.session.completed (paid): completeCheckout by session id, with the payment intent
 * for refunds. A paid session of a checkout we had CANCELED is refunded in full (nothing was
 * credited for it).
 */
export async function onCheckoutPaid({ tx, provider, effects, log, now }: EventCtx, session: Stripe.Checkout.Session): Promise<void> {
  if (session.payment_status !== 'paid') {
    log.info({ sessionId: session.id, paymentStatus: session.payment_status }, 'stripe webhook: checkout not paid yet');
    return;
  }
  const outcome = await completeCheckout(tx, effects, { providerSessionId: session.id }, { providerPaymentId: idOf(session.payment_intent) }, now);
  if (outcome === 'not-found') log.warn({ sessionId: session.id }, 'stripe webhook: paid checkout session we do not know, ignored');
  if (outcome === 'canceled') {
    // We cancelled this checkout (a new checkout of the order, the order cancelled) while its
    // Stripe page was still open, and it was paid anyway: nothing was credited, so send the
    // money back. The refund's idempotency key makes Stripe's retries of this event harmless.
    const paymentIntent = idOf(session.payment_intent);
    const row = await checkoutOfSession(tx, session.id);
    if (!paymentIntent || !row) {
      log.error({ sessionId: session.id }, 'stripe webhook: a CANCELED checkout was paid and cannot be refunded automatically; refund it by hand');
      return;
    }
    const { refundId } = await provider.refund(tx, await paymentTenantOf(tx, row.tenantId), paymentIntent, session.amount_total ?? row.amountCents);
    log.warn({ sessionId: session.id, refundId }, 'stripe webhook: a CANCELED checkout was paid; refunded');
  }
}

/** checkout.session.expired: our OPEN checkout of that session becomes CANCELED (a COMPLETED one stays). */
export async function onCheckoutExpired({ tx }: EventCtx, session: Stripe.Checkout.Session): Promise<void> {
  await expireCheckoutSession(tx, session.id);
}
