import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type {
  BillingPlan,
  BillingPlanListResponse,
  DemoCardInput,
  InvoiceListResponse,
  PaymentMethod,
  PaymentMethodListResponse,
  SetupIntentResponse,
  SubscribeRequest,
  SubscribeResponse,
  SubscriptionStatus,
  UsageResponse,
} from '@loyalty/contract';
import { cardLimit, isNewerPaidPeriod, laterDate, RENEWAL_TOLERANCE_MS, subscriptionStatusFromFacts } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { invoices, payments, subscriptionEvents } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { TenantContext } from '../../context.ts';
import type { Config } from '../../config.ts';
import { utcMonthStart } from '../../lib/time.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PaymentProvider, ProviderPaymentMethod, ProviderSubscribeResult } from '../../payments/port.ts';
import { writeAudit } from '../audit/service.ts';
import { cardCounts } from '../cards/views.ts';
import { countStores } from '../stores/service.ts';
import { activateSubscription, activeTenantsWithPeriodEndedBefore, findPlan, listActivePlanRows, lockTenant, paymentTenantOf, type PlanRow, planSummaries, setProviderSubscriptionId, subscriptionPeriodOf, type SubscriptionStatePatch, type TenantAccount, tenantLabels, updateSubscriptionState } from '../tenants/index.ts';
import { ledgerRowsBetween } from '../ledger/views.ts';
import { activeStaffCount } from '../users/index.ts';

/**
 * Billing (spec §2 'Billing', decisions.md 'Payments'): the module that owns the platform's
 * money records — `subscription_events`, `payments`, `invoices` — and the tenant's billing use
 * cases. The tenant row (status, plan, period, provider ids) is the tenants module's,
 * locked and written through it (ADR 0005, ADR 0012); saved cards live with the payment
 * provider (payments/demo.ts keeps the Demo provider's `payment_methods`).
 */

/** spec §5 'Subscribe': the alert text when no card is chosen and none is saved. */
export const SELECT_PAYMENT_METHOD = 'Please select a payment method';
/** 409 text when the tenant re-selects the plan it is ACTIVE on (spec §5: 'The current plan cannot be selected'). */
export const ALREADY_ON_PLAN = 'You are already subscribed to this plan';
/** 400 text of a demo card whose expiry month has passed. */
export const CARD_EXPIRED = 'Card has expired';

/** 500 text when Stripe runs without STRIPE_PUBLISHABLE_KEY (spec §8 'Add card' wording for configuration errors). */
export const PAYMENT_CONFIG_ERROR = 'Payment system configuration error. Please contact support.';

/** Months in one billing period (spec §9 'Billing period multipliers'). */
export const PERIOD_MONTHS: Record<string, number> = { monthly: 1, '3months': 3, '6months': 6, yearly: 12 };

/** A plans row → the Billing page's BillingPlan (priceMonthly in cents; limits −1 unlimited). */
function toPlan(p: PlanRow): BillingPlan {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    priceMonthly: p.priceMonthlyCents,
    billingPeriod: p.billingPeriod,
    stripePriceId: p.stripePriceId,
    features: p.features,
    limits: p.limits,
  };
}

function toPaymentMethod(m: ProviderPaymentMethod): PaymentMethod {
  return { id: m.id, is_default: m.isDefault, card: { last4: m.last4, brand: m.brand, exp_month: m.expMonth, exp_year: m.expYear } };
}

/** The provider's view of the request tenant (no lock; tenants `paymentTenantOf`). */
function paymentTenant(db: DbOrTx, t: TenantContext) {
  return paymentTenantOf(db, t.id);
}

/**
 * GET /api/t/{slug}/billing/plans (spec §2 Billing 'Plans', §3 'Plan'): the active plans in
 * their sort order (then price), `priceMonthly` in cents, limits −1 unlimited.
 */
export async function listActivePlans(db: DbOrTx): Promise<BillingPlanListResponse> {
  return { plans: (await listActivePlanRows(db)).map(toPlan) };
}

/**
 * GET /api/t/{slug}/billing/usage (spec §3 'Usage stats', §2 Billing 'Usage'):
 * - cardsUsed: all the tenant's cards (the quota counts every card); cardsLimit: the plan's
 *   `limits.cards` when ACTIVE, else `freeTrialLimit` (the same figure as GET /tenant).
 * - storesUsed: active stores; staffUsed: active tenant_admin and cashier users; their limits
 *   are the plan's (−1 without a plan: the trial is bounded by cards only, as in tenants
 *   `planLimitsOf`).
 * - transactionsUsed: ledger rows created in the period; the period is the subscription's
 *   current one when the tenant has it, else the current calendar month in UTC ('This Month').
 * Period bounds are ISO-8601 strings.
 */
export async function getUsage(db: DbOrTx, t: TenantContext, now = new Date()): Promise<UsageResponse> {
  const [period, counts] = await Promise.all([subscriptionPeriodOf(db, t.id), cardCounts(db, t.id)]);
  const start = period?.start && period?.end ? period.start : utcMonthStart(now);
  const end = period?.start && period?.end ? period.end : utcMonthStart(now, 1);
  const [plan, storesUsed, staffUsed, transactionsUsed] = await Promise.all([
    t.planId ? findPlan(db, t.planId) : Promise.resolve(null),
    countStores(db, t.id, true),
    activeStaffCount(db, t.id),
    ledgerRowsBetween(db, t.id, start, end),
  ]);
  return {
    usage: {
      cardsUsed: counts.total,
      cardsLimit: cardLimit(t, plan ? plan.limits.cards : null),
      storesUsed,
      storesLimit: plan ? plan.limits.stores : -1,
      staffUsed,
      staffLimit: plan ? plan.limits.staff : -1,
      transactionsUsed,
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: end.toISOString(),
    },
  };
}

/** GET /api/t/{slug}/billing/payment-methods (spec §7): `{ paymentMethods }`, default first then newest. */
export async function listPaymentMethods(db: DbOrTx, provider: PaymentProvider, t: TenantContext): Promise<PaymentMethodListResponse> {
  const list = await provider.listPaymentMethods(db, await paymentTenant(db, t));
  return { paymentMethods: list.map(toPaymentMethod) };
}

/**
 * POST /api/t/{slug}/billing/setup-intent (spec §7): `{ demo: true }` under Demo; under Stripe
 * `{ clientSecret, publishableKey }` for Stripe's card form (the tenant's Stripe customer is
 * created on first need and stored, in one transaction with the tenant row locked so two
 * parallel calls create one customer). 500 PAYMENT_CONFIG_ERROR when Stripe runs without
 * STRIPE_PUBLISHABLE_KEY (checked before any Stripe call); Stripe failures map to AppErrors
 * (payments/stripe.ts).
 */
export async function createSetupIntent(db: Database, provider: PaymentProvider, config: Pick<Config, 'stripe'>, t: TenantContext): Promise<SetupIntentResponse> {
  if (provider.kind === 'demo') return provider.createSetupIntent(db, await paymentTenant(db, t));
  const publishableKey = config.stripe?.publishableKey;
  if (!publishableKey) throw new AppError('INTERNAL', PAYMENT_CONFIG_ERROR);
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    const { clientSecret } = await provider.createSetupIntent(tx, tenant);
    return { clientSecret, publishableKey };
  });
}

/**
 * POST /api/t/{slug}/billing/payment-methods (Demo card form; contract DemoCardInput).
 * 400 'Card has expired' (details `body.exp_year`) when the expiry month is before the
 * current month (UTC). In one transaction with the tenant row locked: saves the card, the
 * default when it is the tenant's first. Returns the PaymentMethod (201 in the route).
 */
export async function addPaymentMethod(db: Database, provider: PaymentProvider, t: TenantContext, input: DemoCardInput, now = new Date()): Promise<PaymentMethod> {
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (input.exp_year * 12 + (input.exp_month - 1) < thisMonth) throw badRequest(CARD_EXPIRED, [{ field: 'body.exp_year', message: CARD_EXPIRED }]);
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    const m = await provider.addCard(tx, tenant, { brand: input.brand, last4: input.last4, expMonth: input.exp_month, expYear: input.exp_year });
    // The actor and address come from the request (audit service).
    await writeAudit(tx, { tenantId: t.id, action: 'payment_method.add', entity: 'payment_method', entityId: m.id, after: { brand: input.brand, last4: input.last4 } });
    return toPaymentMethod(m);
  });
}

/**
 * DELETE /api/t/{slug}/billing/payment-methods/{id} (spec §7): removes the card; when it
 * was the default, the newest remaining card becomes the default. 404 'Payment method not
 * found' (unknown, malformed or another tenant's id).
 */
export async function removePaymentMethod(db: Database, provider: PaymentProvider, t: TenantContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    if (!(await provider.detachPaymentMethod(tx, tenant, id))) throw notFound('Payment method not found');
    await writeAudit(tx, { tenantId: t.id, action: 'payment_method.remove', entity: 'payment_method', entityId: id });
  });
}

/**
 * POST /api/t/{slug}/billing/payment-methods/{id}/set-default (spec §7): makes the card the
 * only default and returns the new list `{ paymentMethods }`. 404 'Payment method not found'.
 */
export async function setDefaultPaymentMethod(db: Database, provider: PaymentProvider, t: TenantContext, id: string): Promise<PaymentMethodListResponse> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    if (!(await provider.setDefaultPaymentMethod(tx, tenant, id))) throw notFound('Payment method not found');
    await writeAudit(tx, { tenantId: t.id, action: 'payment_method.set_default', entity: 'payment_method', entityId: id });
    return { paymentMethods: (await provider.listPaymentMethods(tx, tenant)).map(toPaymentMethod) };
  });
}

/**
 * POST /api/t/{slug}/billing/subscribe `{ planId, paymentMethodId? }` (spec §4 subscribe
 * flow, §5 'Subscribe'; decisions.md 'Payments'). In ONE transaction with the tenant row
 * locked:
 * - 404 'Plan not found' unless `planId` is an active plan;
 * - 409 'You are already subscribed to this plan' when the tenant is ACTIVE on it (a PAST_DUE
 *   or CANCELED tenant may pay for its plan again);
 * - the card: `paymentMethodId` when given (404 'Payment method not found' unless it is the
 *   tenant's), else the tenant's default card; 400 'Please select a payment method' when none;
 * - the provider subscribes. When it reports `active` (Demo: always), the tenant becomes
 *   ACTIVE on the plan (graceEndsAt cleared, period and subscription id stored), and a
 *   subscription_event ('created' for a tenant without an ACTIVE plan, 'updated' for a plan
 *   change), a paid payment (kind 'subscription', amount = monthly price × period months,
 *   cents) and a paid invoice for the period are written.
 * Returns `{ subscriptionId, redirectUrl: '/t/{slug}/billing?success=true&demo=true', demo:
 * true }` under Demo (spec §2 Billing banners). A pending provider (Stripe) only has its
 * subscription id stored in tenants.provider_subscription_id and answers `{ subscriptionId,
 * redirectUrl: '/t/{slug}/billing?success=true' }`: the status, payment, invoice and event
 * come with the invoice.paid webhook. Stripe: 400 when the plan has no stripePriceId, 422
 * with Stripe's message for a declined card. Nothing is written on an error.
 */
export async function subscribe(db: Database, provider: PaymentProvider, t: TenantContext, input: SubscribeRequest, now = new Date()): Promise<SubscribeResponse> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    const plan = isUuid(input.planId) ? await findPlan(tx, input.planId, true) : null;
    if (!plan) throw notFound('Plan not found');
    if (tenant.planId === plan.id && tenant.subscriptionStatus === 'ACTIVE') throw conflict(ALREADY_ON_PLAN, [{ field: 'body.planId', message: ALREADY_ON_PLAN }]);
    const methods = await provider.listPaymentMethods(tx, tenant);
    let methodId: string;
    if (input.paymentMethodId) {
      const chosen = methods.find((m) => m.id === input.paymentMethodId);
      if (!chosen) throw notFound('Payment method not found');
      methodId = chosen.id;
    } else {
      const fallback = methods.find((m) => m.isDefault) ?? methods[0];
      if (!fallback) throw badRequest(SELECT_PAYMENT_METHOD, [{ field: 'body.paymentMethodId', message: SELECT_PAYMENT_METHOD }]);
      methodId = fallback.id;
    }
    const periodMonths = PERIOD_MONTHS[plan.billingPeriod] ?? 1;
    await writeAudit(tx, {
      tenantId: tenant.id,
      action: 'subscription.change',
      entity: 'tenant',
      entityId: tenant.id,
      before: { planId: tenant.planId, subscriptionStatus: tenant.subscriptionStatus },
      after: { planId: plan.id, plan: plan.name, priceCents: plan.priceMonthlyCents * periodMonths, periodMonths },
    });
    const result = await provider.subscribe(
      tx,
      tenant,
      { id: plan.id, name: plan.name, priceCents: plan.priceMonthlyCents * periodMonths, periodMonths, stripePriceId: plan.stripePriceId },
      methodId,
      now,
    );
    if (result.status === 'pending') {
      // Nothing is paid yet (the webhook records the period); keep the subscription id so a
      // repeated subscribe changes this subscription and its deletion event is recognised.
      if (result.subscriptionId && result.subscriptionId !== tenant.providerSubscriptionId) {
        await setProviderSubscriptionId(tx, tenant.id, result.subscriptionId);
      }
      return { subscriptionId: result.subscriptionId, redirectUrl: result.redirectUrl, checkoutUrl: result.checkoutUrl };
    }
    await recordPaidPeriod(tx, tenant, plan.id, result, provider.kind);
    const demo = provider.kind === 'demo';
    return {
      subscriptionId: result.subscriptionId,
      redirectUrl: `/t/${tenant.slug}/billing?success=true${demo ? '&demo=true' : ''}`,
      ...(demo ? { demo: true } : {}),
    };
  });
}

/** The tenant facts recordPaidPeriod needs (as read under the tenant lock). */
export interface PaidPeriodTenant {
  id: string;
  name: string;
  slug: string;
  planId: string | null;
  subscriptionStatus: SubscriptionStatus;
}

/** A paid period as the provider reports it (the 'active' answer of subscribe, or a paid invoice). */
export type PaidPeriodResult = Extract<ProviderSubscribeResult, { status: 'active' }>;

/**
 * Records a paid subscription period (spec §4; decisions.md 'Payments'), in the caller's
 * transaction with the tenant row locked: the tenant becomes ACTIVE on `planId` (graceEndsAt
 * cleared; subscription id and period stored); a subscription_event ('created' when the
 * tenant was not ACTIVE on a plan, 'updated' otherwise; data carries provider, previous plan
 * and status, amountCents); a paid payment (kind 'subscription', cents) and a paid invoice for
 * the period. Used by subscribe when the provider answers 'active' (Demo: paid at once, a new
 * subscription each time); the Stripe webhook's events go through applySubscriptionFact.
 * Idempotence is the caller's (payments.provider_payment_id and the invoice's provider id are
 * unique: a duplicate throws a unique violation).
 */
export async function recordPaidPeriod(
  tx: Tx,
  tenant: PaidPeriodTenant,
  planId: string,
  result: PaidPeriodResult,
  providerKind: PaymentProvider['kind'],
): Promise<void> {
  const wasActive = tenant.subscriptionStatus === 'ACTIVE' && tenant.planId !== null;
  await activateSubscription(tx, tenant.id, { planId, subscriptionId: result.subscriptionId, periodStart: result.periodStart, periodEnd: result.periodEnd });
  await tx.insert(subscriptionEvents).values({
    tenantId: tenant.id,
    tenantName: tenant.name,
    tenantSlug: tenant.slug,
    planId,
    eventType: wasActive ? 'updated' : 'created',
    data: { provider: providerKind, fromPlanId: tenant.planId, fromStatus: tenant.subscriptionStatus, subscriptionId: result.subscriptionId, amountCents: result.amountCents },
  });
  await recordPaidInvoice(tx, tenant, planId, result);
}

/** The paid payment (kind 'subscription', plan `planId`, cents) and the paid invoice of `result`'s period, in `tx`. */
async function recordPaidInvoice(tx: Tx, tenant: Pick<PaidPeriodTenant, 'id' | 'name'>, planId: string, result: PaidPeriodResult): Promise<void> {
  await tx.insert(payments).values({
    tenantId: tenant.id,
    tenantName: tenant.name,
    planId,
    kind: 'subscription',
    amountCents: result.amountCents,
    status: 'paid',
    providerPaymentId: result.providerPaymentId,
  });
  await tx.insert(invoices).values({
    tenantId: tenant.id,
    providerInvoiceId: result.providerInvoiceId,
    amountPaidCents: result.amountCents,
    status: 'paid',
    periodStart: result.periodStart,
    periodEnd: result.periodEnd,
    hostedInvoiceUrl: result.hostedInvoiceUrl,
    invoicePdf: result.invoicePdf,
  });
}

/**
 * One fact about a tenant's provider subscription, read from one provider event (ADR 0021):
 * - 'paid': an invoice of the subscription was paid; `planId` is the plan of the price it
 *   charged, `paid` its period, amount (cents) and ids;
 * - 'unpaid': the provider reported the period ending at `periodEnd` unpaid (a failed invoice,
 *   a past_due or unpaid subscription);
 * - 'ended': the subscription ended at `endedAt` (deleted, or canceled at the provider).
 */
export type SubscriptionFact =
  | { kind: 'paid'; subscriptionId: string; planId: string; paid: PaidPeriodResult }
  | { kind: 'unpaid'; subscriptionId: string; periodEnd: Date }
  | { kind: 'ended'; subscriptionId: string; endedAt: Date };

/** What applySubscriptionFact did, and the tenant's status and grace end afterwards. */
export interface AppliedFact {
  /** 'other-subscription': the fact is about a subscription that is not the tenant's (money recorded, state unchanged). */
  outcome: 'applied' | 'other-subscription';
  status: SubscriptionStatus;
  graceEndsAt: Date | null;
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Applies one provider fact to the locked tenant `tenant` (read by `lockTenant` in `tx`) so
 * that the result does not depend on the order in which the provider's events arrive (ADR
 * 0021 'Billing events in any order'):
 * - The tenant's subscription is tenants.provider_subscription_id (stored by subscribe); a
 *   tenant without one adopts the fact's subscription. A fact about another subscription (an
 *   older one, already replaced) changes no state; its paid invoice is still recorded.
 * - 'paid': the payment and the invoice are recorded (the caller has checked that this invoice
 *   is not recorded yet). When its period is newer than the stored one (domain
 *   isNewerPaidPeriod), the tenant's plan becomes the plan of the charged price and its period
 *   that of the invoice, with a subscription_event ('created' for the subscription's first paid
 *   period, 'updated' after it); an older invoice changes neither.
 * - 'unpaid': the latest unpaid period end is kept (tenants.unpaid_period_end).
 * - 'ended': the end is kept (tenants.subscription_ended_at), with a 'canceled'
 *   subscription_event the first time.
 * Then the status and grace are set to what the facts give at `now` (domain
 * subscriptionStatusFromFacts: CANCELED once ended; PAST_DUE with grace GRACE_DAYS after the
 * paid period's end when a later period is unpaid or the paid one ended over
 * RENEWAL_TOLERANCE_MS ago; else ACTIVE); before the first paid period the status is kept.
 * A change of plan or status writes the system's 'subscription.status' audit event.
 * @throws a unique violation (payments.provider_payment_id) for a paid invoice already recorded:
 *   the caller checks paymentRecorded first.
 */
export async function applySubscriptionFact(tx: Tx, tenant: TenantAccount, fact: SubscriptionFact, now: Date): Promise<AppliedFact> {
  let t = tenant;
  if (!t.providerSubscriptionId) {
    await setProviderSubscriptionId(tx, t.id, fact.subscriptionId);
    t = { ...t, providerSubscriptionId: fact.subscriptionId, currentPeriodStart: null, currentPeriodEnd: null, subscriptionEndedAt: null, unpaidPeriodEnd: null };
  }
  if (t.providerSubscriptionId !== fact.subscriptionId) {
    if (fact.kind === 'paid') await recordPaidInvoice(tx, t, fact.planId, fact.paid);
    return { outcome: 'other-subscription', status: t.subscriptionStatus, graceEndsAt: t.graceEndsAt };
  }
  const patch: SubscriptionStatePatch = {};
  const event = (eventType: string, planId: string | null, data: Record<string, unknown>) =>
    recordSubscriptionEvent(tx, { tenantId: t.id, tenantName: t.name, tenantSlug: t.slug, planId, eventType, data: { provider: 'stripe', subscriptionId: fact.subscriptionId, ...data } });
  const stored = t.currentPeriodStart && t.currentPeriodEnd ? { start: t.currentPeriodStart, end: t.currentPeriodEnd } : null;
  if (fact.kind === 'paid') {
    await recordPaidInvoice(tx, t, fact.planId, fact.paid);
    if (isNewerPaidPeriod(stored, { start: fact.paid.periodStart, end: fact.paid.periodEnd })) {
      Object.assign(patch, { planId: fact.planId, currentPeriodStart: fact.paid.periodStart, currentPeriodEnd: fact.paid.periodEnd });
      await event(stored ? 'updated' : 'created', fact.planId, {
        fromPlanId: t.planId,
        fromStatus: t.subscriptionStatus,
        amountCents: fact.paid.amountCents,
        invoiceId: fact.paid.providerInvoiceId,
      });
    }
  } else if (fact.kind === 'unpaid') {
    const unpaid = laterDate(t.unpaidPeriodEnd, fact.periodEnd);
    if (!sameTime(unpaid, t.unpaidPeriodEnd)) patch.unpaidPeriodEnd = unpaid;
  } else if (!t.subscriptionEndedAt) {
    patch.subscriptionEndedAt = fact.endedAt;
    await event('canceled', t.planId, { fromStatus: t.subscriptionStatus });
  }
  const facts = {
    paidPeriodEnd: patch.currentPeriodEnd ?? t.currentPeriodEnd,
    endedAt: patch.subscriptionEndedAt ?? t.subscriptionEndedAt,
    unpaidPeriodEnd: patch.unpaidPeriodEnd ?? t.unpaidPeriodEnd,
  };
  const derived = subscriptionStatusFromFacts(facts, now);
  if (derived && (derived.status !== t.subscriptionStatus || !sameTime(derived.graceEndsAt, t.graceEndsAt))) {
    patch.subscriptionStatus = derived.status;
    patch.graceEndsAt = derived.graceEndsAt;
  }
  await updateSubscriptionState(tx, t.id, patch);
  const planChanged = patch.planId !== undefined && patch.planId !== t.planId;
  if (planChanged || patch.subscriptionStatus !== undefined) {
    await auditSubscriptionStatus(tx, t, { planId: patch.planId ?? t.planId, subscriptionStatus: patch.subscriptionStatus ?? t.subscriptionStatus, graceEndsAt: patch.subscriptionStatus ? (patch.graceEndsAt ?? null) : t.graceEndsAt }, 'stripe');
  }
  return { outcome: 'applied', status: patch.subscriptionStatus ?? t.subscriptionStatus, graceEndsAt: patch.subscriptionStatus ? (patch.graceEndsAt ?? null) : t.graceEndsAt };
}

/**
 * The audit event of a subscription state that the system changed, not a person (ADR 0025:
 * the owner's Activity shows it): action 'subscription.status', actor the system (no user, key
 * or address), before and after `{ planId, subscriptionStatus, graceEndsAt }`, and `by` what
 * changed it: 'stripe' (a payment provider's event, ADR 0021) or 'schedule' (the hourly check
 * of paid periods).
 */
async function auditSubscriptionStatus(
  tx: Tx,
  before: Pick<TenantAccount, 'id' | 'planId' | 'subscriptionStatus' | 'graceEndsAt'>,
  after: { planId: string | null; subscriptionStatus: string; graceEndsAt: Date | null },
  by: 'stripe' | 'schedule',
): Promise<void> {
  await writeAudit(tx, {
    tenantId: before.id,
    userId: null,
    apiKeyId: null,
    ip: null,
    action: 'subscription.status',
    entity: 'tenant',
    entityId: before.id,
    before: { planId: before.planId, subscriptionStatus: before.subscriptionStatus, graceEndsAt: before.graceEndsAt?.toISOString() ?? null },
    after: { planId: after.planId, subscriptionStatus: after.subscriptionStatus, graceEndsAt: after.graceEndsAt?.toISOString() ?? null, by },
  });
}

/**
 * The hourly check of paid periods (ADR 0021; run by the expiry job's housekeeping, main.ts):
 * every ACTIVE tenant whose paid period (currentPeriodEnd) ended more than
 * RENEWAL_TOLERANCE_MS (3 hours) before `now` without a newer payment becomes PAST_DUE with
 * graceEndsAt = the period's end + GRACE_DAYS (7 days), the same grace the provider's failed
 * renewal gives, with a subscription_event 'status_changed' (data `{ from: 'ACTIVE', to:
 * 'PAST_DUE', by: 'schedule', periodEnd, graceEndsAt }`) and the system's 'subscription.status'
 * audit event. Each tenant in its own transaction
 * with its row locked and its state read again (a payment that arrived meanwhile wins); a
 * tenant deleted meanwhile is skipped. Tenants without a period are never touched. Returns how
 * many tenants became PAST_DUE.
 */
export async function markLapsedSubscriptions(db: Database, now: Date): Promise<number> {
  const ids = await activeTenantsWithPeriodEndedBefore(db, new Date(now.getTime() - RENEWAL_TOLERANCE_MS));
  let lapsed = 0;
  for (const id of ids) {
    const changed = await db.transaction(async (tx) => {
      const locked = await lockTenant(tx, id).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      });
      if (locked?.subscriptionStatus !== 'ACTIVE') return false;
      const derived = subscriptionStatusFromFacts({ paidPeriodEnd: locked.currentPeriodEnd, endedAt: locked.subscriptionEndedAt, unpaidPeriodEnd: locked.unpaidPeriodEnd }, now);
      if (derived?.status !== 'PAST_DUE') return false;
      await updateSubscriptionState(tx, id, { subscriptionStatus: 'PAST_DUE', graceEndsAt: derived.graceEndsAt });
      await auditSubscriptionStatus(tx, locked, { planId: locked.planId, subscriptionStatus: 'PAST_DUE', graceEndsAt: derived.graceEndsAt }, 'schedule');
      await recordSubscriptionEvent(tx, {
        tenantId: id,
        tenantName: locked.name,
        tenantSlug: locked.slug,
        planId: locked.planId,
        eventType: 'status_changed',
        data: { from: 'ACTIVE', to: 'PAST_DUE', by: 'schedule', periodEnd: locked.currentPeriodEnd?.toISOString() ?? null, graceEndsAt: derived.graceEndsAt.toISOString() },
      });
      return true;
    });
    if (changed) lapsed += 1;
  }
  return lapsed;
}

/**
 * GET /api/t/{slug}/billing/portal (spec §7; decisions.md 'Manage Settings'): `{ url }` of
 * the provider's portal, returning to `{PUBLIC_URL}/t/{slug}/billing`; under Demo the
 * Payment Methods tab. Writes nothing (Stripe may create its customer first).
 */
export async function createPortalSession(db: Database, provider: PaymentProvider, config: Pick<Config, 'publicUrl'>, t: TenantContext): Promise<{ url: string }> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, t.id);
    return provider.createPortalSession(tx, tenant, `${config.publicUrl}/t/${tenant.slug}/billing`);
  });
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * GET /api/t/{slug}/billing/invoices (spec §3 'Invoice'): the tenant's invoices newest first;
 * `created`, `period_start`, `period_end` in unix seconds, `amount_paid` in cents.
 */
export async function listInvoices(db: DbOrTx, t: TenantContext): Promise<InvoiceListResponse> {
  const rows = await db.select().from(invoices).where(eq(invoices.tenantId, t.id)).orderBy(desc(invoices.createdAt), desc(invoices.id));
  return {
    invoices: rows.map((r) => ({
      id: r.id,
      created: unix(r.createdAt),
      amount_paid: r.amountPaidCents,
      status: r.status,
      period_start: unix(r.periodStart),
      period_end: unix(r.periodEnd),
      hosted_invoice_url: r.hostedInvoiceUrl,
      invoice_pdf: r.invoicePdf,
    })),
  };
}


/** What kind of money a `payments` row records (platform revenue; refunds are negative). */
export type PaymentKind = 'subscription' | 'card_order' | 'card_order_refund';

/**
 * Records money received (or refunded, negative) by the platform in `tx` (spec §3
 * recentPayments): tenant id and name (kept when the tenant is deleted, issue 7), the plan
 * (null for card orders), `kind`, amount in cents, status ('paid' or 'refunded') and the
 * provider's payment id (unique: a duplicate throws a unique violation).
 */
export async function recordPayment(
  tx: Tx,
  payment: { tenantId: string; tenantName: string; planId: string | null; kind: PaymentKind; amountCents: number; status: 'paid' | 'refunded'; providerPaymentId: string | null },
): Promise<void> {
  await tx.insert(payments).values(payment);
}

/** True when a payment with the provider's id `providerPaymentId` is recorded (a webhook delivered twice). */
export async function paymentRecorded(db: DbOrTx, providerPaymentId: string): Promise<boolean> {
  const [seen] = await db.select({ id: payments.id }).from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
  return !!seen;
}

/**
 * Records a subscription lifecycle event in `tx` (spec §3 'Analytics' subscriptionEvents):
 * 'created', 'updated', 'canceled', 'payment_failed' or 'status_changed' (the operator), with
 * the tenant's name and slug copied (kept when the tenant is deleted), the plan and `data`.
 */
export async function recordSubscriptionEvent(
  tx: Tx,
  event: { tenantId: string; tenantName: string; tenantSlug: string; planId: string | null; eventType: string; data: Record<string, unknown> },
): Promise<void> {
  await tx.insert(subscriptionEvents).values(event);
}

/**
 * Payment statuses that count as platform revenue: 'paid' rows (positive cents) and
 * 'refunded' rows (negative cents, card-order refunds), so refunds subtract. Pending or failed
 * payments never count.
 */
export const REVENUE_STATUSES = ['paid', 'refunded'] as const;

/** SQL condition: the payment counts as revenue (REVENUE_STATUSES). */
const isRevenue = (): SQL => inArray(payments.status, [...REVENUE_STATUSES]);

/** Net revenue in cents over [from, to). */
function revenueBetween(from: Date, to: Date): SQL<number> {
  return sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${and(gte(payments.createdAt, from), lt(payments.createdAt, to))}), 0)::bigint`;
}

/**
 * The platform dashboard's revenue figures, net cents (spec §3 'Platform stats'): all time,
 * this UTC month [month, far), last month [lastMonth, month), the last 30 days [d30, far) and
 * the 30 before [d60, d30). bigint sums arrive as strings on node-postgres: Number() them.
 */
export async function revenueFigures(db: DbOrTx, w: { month: Date; lastMonth: Date; d30: Date; d60: Date; far: Date }) {
  const [p] = await db
    .select({
      total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint`,
      month: revenueBetween(w.month, w.far),
      lastMonth: revenueBetween(w.lastMonth, w.month),
      last30: revenueBetween(w.d30, w.far),
      prev30: revenueBetween(w.d60, w.d30),
    })
    .from(payments)
    .where(isRevenue());
  return p;
}

/** Net revenue in cents of payments created since `from`. */
export async function revenueSince(db: DbOrTx, from: Date): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)::bigint` }).from(payments).where(and(isRevenue(), gte(payments.createdAt, from)));
  return Number(row?.total ?? 0);
}

/** Net revenue in cents per UTC day ('YYYY-MM-DD') of payments created since `from` (days without are absent). */
export async function revenueByDaySince(db: DbOrTx, from: Date): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, revenue: sql<string>`sum(${payments.amountCents})::bigint` })
    .from(payments)
    .where(and(isRevenue(), gte(payments.createdAt, from)))
    .groupBy(day);
  return new Map(rows.map((r) => [r.day, Number(r.revenue)]));
}

/** Net revenue in cents per UTC month ('YYYY-MM') of payments created since `from` (months without are absent). */
export async function revenueByMonthSince(db: DbOrTx, from: Date): Promise<Map<string, number>> {
  const month = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, revenue: sql<string>`sum(${payments.amountCents})::bigint` })
    .from(payments)
    .where(and(isRevenue(), gte(payments.createdAt, from)))
    .groupBy(month);
  return new Map(rows.map((r) => [r.month, Number(r.revenue)]));
}

/**
 * The 3 plans with the most net revenue from payments created since `from` (then the most
 * payments, then by name): plan id and name, amount in cents, payment count.
 */
export async function topPlansSince(db: DbOrTx, from: Date) {
  const ps = planSummaries(db);
  const rows = await db
    .select({ planId: ps.id, name: ps.name, amount: sql<string>`sum(${payments.amountCents})::bigint`, count: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(ps, eq(ps.id, payments.planId))
    .where(and(isRevenue(), gte(payments.createdAt, from), isNotNull(payments.planId)))
    .groupBy(ps.id, ps.name)
    .orderBy(desc(sql`sum(${payments.amountCents})`), desc(sql`count(*)`), ps.name)
    .limit(3);
  return rows.map((p) => ({ planId: p.planId, name: p.name, amount: Number(p.amount), count: p.count }));
}

/** Number of 'created' subscription events since `from` (new subscriptions). */
export async function subscriptionsCreatedSince(db: DbOrTx, from: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptionEvents)
    .where(and(gte(subscriptionEvents.createdAt, from), eq(subscriptionEvents.eventType, 'created')));
  return row?.n ?? 0;
}

/**
 * The `limit` newest subscription events (created_at desc, id desc), since `from` when given,
 * each with its plan's name and monthly price in cents (null when it has none or the plan is
 * gone) and the tenant's id (null once deleted), name and slug as copied.
 */
export async function latestSubscriptionEvents(db: DbOrTx, limit: number, from?: Date) {
  const ps = planSummaries(db);
  return db
    .select({
      id: subscriptionEvents.id,
      eventType: subscriptionEvents.eventType,
      tenantId: subscriptionEvents.tenantId,
      tenantName: subscriptionEvents.tenantName,
      tenantSlug: subscriptionEvents.tenantSlug,
      data: subscriptionEvents.data,
      planName: ps.name,
      planPrice: ps.priceMonthlyCents,
      createdAt: subscriptionEvents.createdAt,
    })
    .from(subscriptionEvents)
    .leftJoin(ps, eq(ps.id, subscriptionEvents.planId))
    .where(from ? gte(subscriptionEvents.createdAt, from) : undefined)
    .orderBy(desc(subscriptionEvents.createdAt), desc(subscriptionEvents.id))
    .limit(limit);
}

/**
 * The `limit` newest payments (created_at desc, id desc) of any status, since `from` when
 * given: tenant id and name as recorded, the tenant's current slug (null once deleted), kind,
 * amount in cents, status, the plan's name (null for card orders or a deleted plan), time.
 */
export async function latestPayments(db: DbOrTx, limit: number, from?: Date) {
  const ps = planSummaries(db);
  const tl = tenantLabels(db);
  return db
    .select({
      id: payments.id,
      tenantId: payments.tenantId,
      tenantName: payments.tenantName,
      tenantSlug: tl.slug,
      kind: payments.kind,
      amountCents: payments.amountCents,
      status: payments.status,
      planName: ps.name,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(ps, eq(ps.id, payments.planId))
    .leftJoin(tl, eq(tl.id, payments.tenantId))
    .where(from ? gte(payments.createdAt, from) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}
