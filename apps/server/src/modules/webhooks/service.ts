import type Stripe from 'stripe';
import type { Database, Tx } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { applySubscriptionFact, paymentRecorded, recordSubscriptionEvent } from '../billing/service.ts';
import { checkoutOfSession, completeCheckout, expireCheckoutSession, type CheckoutEffects } from '../checkout/service.ts';
import { findPlan, findTenantIdForProvider, lockTenant, paymentTenantOf, planIdByStripePrice } from '../tenants/index.ts';

/**
 * Stripe webhooks (issue 6; ADR 0008): the module owns `webhook_events` (the event ids
 * processed) and turns each event into calls of the billing, checkout and tenants
 * services, in one transaction with the event's row (ADR 0012).
 */

/** Days of POS access a PAST_DUE tenant keeps after its paid period ended unpaid (the domain's rule, ADR 0021). */
export { GRACE_DAYS } from '@loyalty/domain';

/** Where the webhook writes what it skipped or could not match (the request's pino logger). */
export interface WebhookLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The answer of POST /api/webhooks/stripe: `duplicate` when the event id was processed before. */
export interface WebhookResult {
  received: true;
  duplicate?: true;
}

const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null);
const fromUnix = (s: number) => new Date(s * 1000);

/**
 * Processes one verified Stripe event exactly once (issue 6; ADR 0008), in ONE transaction:
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
  now = new Date(),
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

interface EventCtx {
  tx: Tx;
  provider: PaymentProvider;
  effects: CheckoutEffects;
  log: WebhookLog;
  now: Date;
  event: Stripe.Event;
}

function withEvent(log: WebhookLog, event: Stripe.Event): WebhookLog {
  const tag = { stripeEventId: event.id, stripeEventType: event.type };
  return {
    info: (o, m) => log.info({ ...tag, ...o }, m),
    warn: (o, m) => log.warn({ ...tag, ...o }, m),
    error: (o, m) => log.error({ ...tag, ...o }, m),
  };
}

/**
 * What the handlers need of an invoice, across Stripe API versions: subscription id and its
 * metadata (parent.subscription_details since 2025-03-31.basil, top-level `subscription` /
 * `subscription_details` before), the price and the period of the main line (the charged line
 * with the latest period end; a proration's credit line is skipped), falling back to the
 * invoice's own period.
 */
function invoiceFacts(inv: Stripe.Invoice) {
  const legacy = inv as unknown as { subscription?: unknown; subscription_details?: { metadata?: Record<string, string> | null } };
  const details = inv.parent?.subscription_details ?? null;
  const subscriptionId = idOf(details?.subscription) ?? idOf(legacy.subscription);
  const metadata: Record<string, string> = details?.metadata ?? legacy.subscription_details?.metadata ?? {};
  const lines = inv.lines?.data ?? [];
  const main = [...lines].filter((l) => (l.amount ?? 0) >= 0).sort((a, b) => (b.period?.end ?? 0) - (a.period?.end ?? 0))[0] ?? lines[0];
  const priceId = idOf(main?.pricing?.price_details?.price) ?? idOf((main as unknown as { price?: unknown } | undefined)?.price);
  const periodStart = main?.period?.start ?? inv.period_start;
  const periodEnd = main?.period?.end ?? inv.period_end;
  return { subscriptionId, metadata, priceId, periodStart, periodEnd, customerId: idOf(inv.customer) };
}

/** Our tenant id for a Stripe object: its metadata tenantId when that tenant exists, else the tenant whose provider customer it is; null when none. */
function findTenantId(tx: Tx, metadataTenantId: unknown, customerId: string | null): Promise<string | null> {
  return findTenantIdForProvider(tx, isUuid(metadataTenantId) ? metadataTenantId : null, customerId);
}

/** The plan of an invoice's charged price (plans.stripe_price_id); the metadata's planId only for an invoice that names no price (ADR 0021: metadata goes stale when the plan is changed in Stripe's portal). */
async function chargedPlanId(tx: Tx, f: ReturnType<typeof invoiceFacts>): Promise<string | null> {
  if (f.priceId) return planIdByStripePrice(tx, f.priceId);
  return isUuid(f.metadata.planId) ? ((await findPlan(tx, f.metadata.planId))?.id ?? null) : null;
}

/**
 * invoice.paid / invoice.payment_succeeded: the paid invoice as a 'paid' fact
 * (applySubscriptionFact: payment and invoice recorded once per Stripe invoice; plan and
 * period follow the newest paid period, the plan being that of the charged price).
 */
async function onInvoicePaid({ tx, log, now }: EventCtx, inv: Stripe.Invoice): Promise<void> {
  const f = invoiceFacts(inv);
  if (!f.subscriptionId) {
    log.info({ invoiceId: inv.id }, 'stripe webhook: invoice without a subscription, ignored');
    return;
  }
  const tenantId = await findTenantId(tx, f.metadata.tenantId, f.customerId);
  if (!tenantId) {
    log.warn({ invoiceId: inv.id, customerId: f.customerId }, 'stripe webhook: paid invoice of an unknown tenant, ignored');
    return;
  }
  const planId = await chargedPlanId(tx, f);
  if (!planId) {
    log.error({ invoiceId: inv.id, tenantId, priceId: f.priceId }, 'stripe webhook: paid invoice for no known plan (set the plan\'s stripePriceId); not recorded');
    return;
  }
  const tenant = await lockTenant(tx, tenantId);
  if (await paymentRecorded(tx, inv.id)) return;
  const paid = {
    status: 'active' as const,
    subscriptionId: f.subscriptionId,
    periodStart: fromUnix(f.periodStart),
    periodEnd: fromUnix(f.periodEnd),
    amountCents: inv.amount_paid,
    providerPaymentId: inv.id,
    providerInvoiceId: inv.id,
    hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
    invoicePdf: inv.invoice_pdf ?? null,
  };
  const applied = await applySubscriptionFact(tx, tenant, { kind: 'paid', subscriptionId: f.subscriptionId, planId, paid }, now);
  if (applied.outcome === 'other-subscription') {
    log.info({ invoiceId: inv.id, subscriptionId: f.subscriptionId, current: tenant.providerSubscriptionId }, 'stripe webhook: paid invoice of another subscription recorded, tenant state unchanged');
  }
}

/**
 * invoice.payment_failed: unless the invoice is already recorded as paid, its period is an
 * 'unpaid' fact (applySubscriptionFact: PAST_DUE with grace GRACE_DAYS after the end of the
 * paid period when the failed period is after it; an older invoice's failure changes nothing;
 * before the first paid period, e.g. a trial, the status is kept). A 'payment_failed' event is
 * written in every case, with the status and grace that follow.
 */
async function onInvoicePaymentFailed({ tx, log, now }: EventCtx, inv: Stripe.Invoice): Promise<void> {
  const f = invoiceFacts(inv);
  const tenantId = await findTenantId(tx, f.metadata.tenantId, f.customerId);
  if (!tenantId) {
    log.warn({ invoiceId: inv.id, customerId: f.customerId }, 'stripe webhook: failed invoice of an unknown tenant, ignored');
    return;
  }
  const tenant = await lockTenant(tx, tenantId);
  const alreadyPaid = await paymentRecorded(tx, inv.id);
  const after =
    f.subscriptionId && !alreadyPaid
      ? await applySubscriptionFact(tx, tenant, { kind: 'unpaid', subscriptionId: f.subscriptionId, periodEnd: fromUnix(f.periodEnd) }, now)
      : { status: tenant.subscriptionStatus, graceEndsAt: tenant.graceEndsAt };
  await recordSubscriptionEvent(tx, {
    tenantId: tenant.id,
    tenantName: tenant.name,
    tenantSlug: tenant.slug,
    planId: tenant.planId ?? (isUuid(f.metadata.planId) ? f.metadata.planId : null),
    eventType: 'payment_failed',
    data: {
      provider: 'stripe',
      invoiceId: inv.id,
      subscriptionId: f.subscriptionId,
      amountDueCents: inv.amount_due,
      attempt: inv.attempt_count,
      fromStatus: tenant.subscriptionStatus,
      status: after.status,
      graceEndsAt: after.graceEndsAt?.toISOString() ?? null,
      ...(alreadyPaid ? { alreadyPaid: true } : {}),
    },
  });
}

/** Stripe subscription states after which the subscription never bills again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);
/** Stripe subscription states that report the current period unpaid. */
const UNPAID = new Set(['past_due', 'unpaid']);

/** When a Stripe subscription ended: ended_at, else canceled_at, else the event's time (unix seconds). */
const endedAtOf = (sub: Stripe.Subscription, event: Stripe.Event) => fromUnix(sub.ended_at ?? sub.canceled_at ?? event.created);

/** The end of a Stripe subscription's current period (on its item since API 2025-03-31.basil, on the subscription before), unix seconds or null. */
function currentPeriodEndOf(sub: Stripe.Subscription): number | null {
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  return sub.items?.data?.[0]?.current_period_end ?? legacy ?? null;
}

/** The locked tenant of a Stripe subscription object, or null (logged) when it is none of ours. */
async function tenantOfSubscription({ tx, log }: EventCtx, sub: Stripe.Subscription) {
  const tenantId = await findTenantId(tx, sub.metadata?.tenantId, idOf(sub.customer));
  if (!tenantId) {
    log.warn({ subscriptionId: sub.id }, 'stripe webhook: subscription of an unknown tenant, ignored');
    return null;
  }
  return lockTenant(tx, tenantId);
}

/**
 * customer.subscription.updated: only what the subscription says for sure is applied (ADR
 * 0021), so an older snapshot arriving late cannot undo a newer one: status canceled or
 * incomplete_expired is an 'ended' fact; past_due or unpaid makes its current period an
 * 'unpaid' fact. A new price (a plan change in Stripe's portal) changes nothing here: the plan
 * follows the price of the next paid invoice.
 */
async function onSubscriptionUpdated(ctx: EventCtx, sub: Stripe.Subscription): Promise<void> {
  const ended = ENDED.has(sub.status);
  const periodEnd = currentPeriodEndOf(sub);
  const unpaid = UNPAID.has(sub.status) && periodEnd !== null;
  if (!ended && !unpaid) {
    ctx.log.info({ subscriptionId: sub.id, status: sub.status }, 'stripe webhook: subscription updated, nothing to apply');
    return;
  }
  const tenant = await tenantOfSubscription(ctx, sub);
  if (!tenant) return;
  const fact = ended
    ? ({ kind: 'ended', subscriptionId: sub.id, endedAt: endedAtOf(sub, ctx.event) } as const)
    : ({ kind: 'unpaid', subscriptionId: sub.id, periodEnd: fromUnix(periodEnd!) } as const);
  const applied = await applySubscriptionFact(ctx.tx, tenant, fact, ctx.now);
  if (applied.outcome === 'other-subscription') ctx.log.info({ subscriptionId: sub.id, current: tenant.providerSubscriptionId }, 'stripe webhook: another subscription changed, tenant unchanged');
}

/** customer.subscription.deleted: an 'ended' fact (applySubscriptionFact: CANCELED, graceEndsAt null, a 'canceled' event once); another subscription's deletion changes nothing. */
async function onSubscriptionDeleted(ctx: EventCtx, sub: Stripe.Subscription): Promise<void> {
  const tenant = await tenantOfSubscription(ctx, sub);
  if (!tenant) return;
  const applied = await applySubscriptionFact(ctx.tx, tenant, { kind: 'ended', subscriptionId: sub.id, endedAt: endedAtOf(sub, ctx.event) }, ctx.now);
  if (applied.outcome === 'other-subscription') {
    ctx.log.info({ subscriptionId: sub.id, current: tenant.providerSubscriptionId }, 'stripe webhook: an older subscription ended, tenant unchanged');
  }
}

/**
 * checkout.session.completed (paid): completeCheckout by session id, with the payment intent
 * for refunds. A paid session of a checkout we had CANCELED is refunded in full (nothing was
 * credited for it).
 */
async function onCheckoutPaid({ tx, provider, effects, log, now }: EventCtx, session: Stripe.Checkout.Session): Promise<void> {
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
async function onCheckoutExpired({ tx }: EventCtx, session: Stripe.Checkout.Session): Promise<void> {
  await expireCheckoutSession(tx, session.id);
}
