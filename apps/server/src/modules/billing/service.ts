import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
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
  UsageResponse,
} from '@loyalty/contract';
import { cardLimit } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { invoices, payments, plans, stores, subscriptionEvents, tenants, transactions, users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant-context.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider, PaymentTenant, ProviderPaymentMethod, ProviderSubscribeResult } from '../../payments/port.ts';
import { cardCounts } from '../tenant/service.ts';

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

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

function toPlan(p: typeof plans.$inferSelect): BillingPlan {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    priceMonthly: p.priceMonthlyCents,
    billingPeriod: p.billingPeriod as BillingPlan['billingPeriod'],
    stripePriceId: p.stripePriceId,
    features: p.features,
    limits: p.limits,
  };
}

function toPaymentMethod(m: ProviderPaymentMethod): PaymentMethod {
  return { id: m.id, is_default: m.isDefault, card: { last4: m.last4, brand: m.brand, exp_month: m.expMonth, exp_year: m.expYear } };
}

/**
 * Locks the tenant row `FOR NO KEY UPDATE` in `tx` (ADR 0005: a tenant's billing writes run
 * one at a time, so two set-defaults cannot leave two defaults and two subscribes cannot both
 * pass the "current plan" check) and returns what providers need plus its plan and status.
 * 404 'Tenant not found' when the row is gone.
 */
async function lockTenant(tx: Tx, tenantId: string) {
  const [t] = await tx
    .select({
      id: tenants.id,
      name: tenants.name,
      slug: tenants.slug,
      providerCustomerId: tenants.providerCustomerId,
      providerSubscriptionId: tenants.providerSubscriptionId,
      planId: tenants.planId,
      subscriptionStatus: tenants.subscriptionStatus,
      graceEndsAt: tenants.graceEndsAt,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('no key update');
  if (!t) throw notFound('Tenant not found');
  return t;
}

/** The provider's view of the request tenant (no lock). */
async function paymentTenant(db: DbOrTx, t: TenantContext): Promise<PaymentTenant> {
  const [row] = await db.select({ providerCustomerId: tenants.providerCustomerId }).from(tenants).where(eq(tenants.id, t.id));
  return { id: t.id, name: t.name, slug: t.slug, providerCustomerId: row?.providerCustomerId ?? null };
}

/**
 * GET /api/t/{slug}/billing/plans (spec §2 Billing 'Plans', §3 'Plan'): the active plans in
 * their sort order (then price), `priceMonthly` in cents, limits −1 unlimited.
 */
export async function listActivePlans(db: DbOrTx): Promise<BillingPlanListResponse> {
  const rows = await db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder), asc(plans.priceMonthlyCents), asc(plans.id));
  return { plans: rows.map(toPlan) };
}

/**
 * GET /api/t/{slug}/billing/usage (spec §3 'Usage stats', §2 Billing 'Usage'):
 * - cardsUsed: all the tenant's cards (the quota counts every card); cardsLimit: the plan's
 *   `limits.cards` when ACTIVE, else `freeTrialLimit` (the same figure as GET /tenant).
 * - storesUsed: active stores; staffUsed: active tenant_admin and cashier users; their limits
 *   are the plan's (−1 without a plan: the trial is bounded by cards only, as in the stores
 *   and staff modules' `lockTenantLimits`).
 * - transactionsUsed: ledger rows created in the period; the period is the subscription's
 *   current one when the tenant has it, else the current calendar month in UTC ('This Month').
 * Period bounds are ISO-8601 strings.
 */
export async function getUsage(db: DbOrTx, t: TenantContext, now = new Date()): Promise<UsageResponse> {
  const [[tenant], counts] = await Promise.all([
    db
      .select({ start: tenants.currentPeriodStart, end: tenants.currentPeriodEnd })
      .from(tenants)
      .where(eq(tenants.id, t.id)),
    cardCounts(db, t.id),
  ]);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const start = tenant?.start && tenant?.end ? tenant.start : monthStart;
  const end = tenant?.start && tenant?.end ? tenant.end : monthEnd;
  const [[plan], [storeCount], [staffCount], [txCount]] = await Promise.all([
    t.planId ? db.select({ limits: plans.limits }).from(plans).where(eq(plans.id, t.planId)) : Promise.resolve([]),
    db.select({ n: sql<number>`count(*)::int` }).from(stores).where(and(eq(stores.tenantId, t.id), eq(stores.active, true))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.tenantId, t.id), inArray(users.role, ['tenant_admin', 'cashier']), eq(users.active, true))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.tenantId, t.id), gte(transactions.createdAt, start), lt(transactions.createdAt, end))),
  ]);
  return {
    usage: {
      cardsUsed: counts.total,
      cardsLimit: cardLimit(t, plan ? plan.limits.cards : null),
      storesUsed: Number(storeCount?.n ?? 0),
      storesLimit: plan ? plan.limits.stores : -1,
      staffUsed: Number(staffCount?.n ?? 0),
      staffLimit: plan ? plan.limits.staff : -1,
      transactionsUsed: Number(txCount?.n ?? 0),
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
    const [plan] = isUuid(input.planId)
      ? await tx.select().from(plans).where(and(eq(plans.id, input.planId), eq(plans.isActive, true)))
      : [];
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
        await tx.update(tenants).set({ providerSubscriptionId: result.subscriptionId }).where(eq(tenants.id, tenant.id));
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
  subscriptionStatus: string;
}

/**
 * Records a paid subscription period (spec §4; decisions.md 'Payments'), in the caller's
 * transaction with the tenant row locked: the tenant becomes ACTIVE on `planId` (graceEndsAt
 * cleared; subscription id and period stored); a subscription_event ('created' when the
 * tenant was not ACTIVE on a plan, 'updated' otherwise; data carries provider, previous plan
 * and status, amountCents); a paid payment (kind 'subscription', cents) and a paid invoice for
 * the period. Used by subscribe (Demo: paid at once) and by the Stripe webhook's
 * invoice.paid. Idempotence is the caller's (payments.provider_payment_id and the invoice's
 * provider id are unique: a duplicate throws a unique violation).
 */
export async function recordPaidPeriod(
  tx: Tx,
  tenant: PaidPeriodTenant,
  planId: string,
  result: Extract<ProviderSubscribeResult, { status: 'active' }>,
  providerKind: PaymentProvider['kind'],
): Promise<void> {
  const wasActive = tenant.subscriptionStatus === 'ACTIVE' && tenant.planId !== null;
  await tx
    .update(tenants)
    .set({
      subscriptionStatus: 'ACTIVE',
      planId,
      graceEndsAt: null,
      providerSubscriptionId: result.subscriptionId,
      currentPeriodStart: result.periodStart,
      currentPeriodEnd: result.periodEnd,
    })
    .where(eq(tenants.id, tenant.id));
  await tx.insert(subscriptionEvents).values({
    tenantId: tenant.id,
    tenantName: tenant.name,
    tenantSlug: tenant.slug,
    planId,
    eventType: wasActive ? 'updated' : 'created',
    data: { provider: providerKind, fromPlanId: tenant.planId, fromStatus: tenant.subscriptionStatus, subscriptionId: result.subscriptionId, amountCents: result.amountCents },
  });
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

/**
 * Locks the tenant row and returns what providers need plus plan and status (ADR 0005).
 * Exported for the checkout, card-order and webhook services. 404 'Tenant not found'.
 */
export const lockTenantForBilling = lockTenant;

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

