import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema/index.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import type { CheckoutEffects } from '../checkout/index.ts';
import { onCheckoutExpired, onCheckoutPaid } from './checkout-events.ts';
import { type WebhookLog, withEvent } from './event-context.ts';
import { onInvoicePaid, onInvoicePaymentFailed } from './invoice-events.ts';
import { onSubscriptionDeleted, onSubscriptionUpdated } from './subscription-events.ts';

/** The answer of POST /api/webhooks/stripe: `duplicate` when the event id was processed before. */
export interface WebhookResult {
  received: true;
  duplicate?: true;
}

/**
 * Processes one verified Stripe event exactly once (ADR 0008), in ONE transaction:
 * inserts webhook_events('stripe', event.id, event.type) ON CONFLICT DO NOTHING; when the row
 * already existed answers `{ received: true, duplicate: true }` and changes nothing; else
 * applies the event. The subscription events become facts whose result does not depend on
 * the order Stripe delivers them in (billing applySubscriptionFact; ADR 0021):
 * - invoice.paid / invoice.payment_succeeded → a paid invoice: recorded once per Stripe
 *   invoice (payment and invoice); the tenant's plan (from the charged price) and period
 *   follow the newest paid period; ACTIVE unless the subscription ended;
 * - invoice.payment_failed → for an invoice not recorded as paid, its period is unpaid:
 *   PAST_DUE with graceEndsAt = end of the paid period + GRACE_DAYS when it is after the paid
 *   period; a 'payment_failed' event in every case;
 * - customer.subscription.updated → canceled / incomplete_expired: ended; past_due / unpaid:
 *   its current period unpaid; anything else (a new price included) changes nothing;
 * - customer.subscription.deleted → ended: CANCELED for good, graceEndsAt null, a 'canceled'
 *   event once (only the tenant's current subscription);
 * - checkout.session.completed / async_payment_succeeded with payment_status 'paid' →
 *   completeCheckout by the session id (credits once, ADR 0008);
 * - checkout.session.expired → the OPEN checkout becomes CANCELED;
 * - other types: only recorded.
 * An event for an unknown tenant, plan or checkout is logged and recorded (nothing to retry).
 * Any error rolls back the event row with the effect and is rethrown (the route answers 500,
 * so Stripe's retry is processed).
 */
export async function processStripeEvent(
  db: Database,
  provider: PaymentProvider,
  effects: CheckoutEffects,
  event: Stripe.Event,
  log: WebhookLog,
  now: Date,
): Promise<WebhookResult> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ provider: 'stripe', eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (fresh.length === 0) return { received: true, duplicate: true } as const;
    const ctx = { tx, provider, effects, log: withEvent(log, event), now, event };
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        await onInvoicePaid(ctx, event.data.object);
        break;
      case 'invoice.payment_failed':
        await onInvoicePaymentFailed(ctx, event.data.object);
        break;
      case 'customer.subscription.updated':
        await onSubscriptionUpdated(ctx, event.data.object);
        break;
      case 'customer.subscription.deleted':
        await onSubscriptionDeleted(ctx, event.data.object);
        break;
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await onCheckoutPaid(ctx, event.data.object);
        break;
      case 'checkout.session.expired':
        await onCheckoutExpired(ctx, event.data.object);
        break;
      default:
        break;
    }
    return { received: true } as const;
  });
}
