import type Stripe from 'stripe';
import { applySubscriptionFact } from '../billing/index.ts';
import { lockTenant } from '../tenants/index.ts';
import { type EventCtx, findTenantId, fromUnix, idOf } from './event-context.ts';

/** The subscription events: updated and deleted, as subscription facts (ADR 0021). */

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
export async function onSubscriptionUpdated(ctx: EventCtx, sub: Stripe.Subscription): Promise<void> {
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
  if (applied.outcome === 'other-subscription')
    ctx.log.info({ subscriptionId: sub.id, current: tenant.providerSubscriptionId }, 'stripe webhook: another subscription changed, tenant unchanged');
}

/** customer.subscription.deleted: an 'ended' fact (applySubscriptionFact: CANCELED, graceEndsAt null, a 'canceled' event once); another subscription's deletion changes nothing. */
export async function onSubscriptionDeleted(ctx: EventCtx, sub: Stripe.Subscription): Promise<void> {
  const tenant = await tenantOfSubscription(ctx, sub);
  if (!tenant) return;
  const applied = await applySubscriptionFact(ctx.tx, tenant, { kind: 'ended', subscriptionId: sub.id, endedAt: endedAtOf(sub, ctx.event) }, ctx.now);
  if (applied.outcome === 'other-subscription') {
    ctx.log.info({ subscriptionId: sub.id, current: tenant.providerSubscriptionId }, 'stripe webhook: an older subscription ended, tenant unchanged');
  }
}
