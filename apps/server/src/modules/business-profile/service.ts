import type { TenantResponse, TrialStatusResponse, TypedAuditEvent } from '@loyalty/contract';
import { canTransact, cardLimit, cardsRemaining, isSubscriptionRequired } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { type TenantContext, type TenantRequestContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { tenantCardCounts } from '../reports/index.ts';
import { insertDefaultRules } from '../rules/index.ts';
import { countStores, createMainStore } from '../stores/index.ts';
import { findPlan, insertTenant, lockTenantForChange, setTenantReceipts, setTenantTimezone, type TenantAccount } from '../tenants/index.ts';
import { nonCustomerUserCount } from '../users/index.ts';
import { slugify } from './slug.ts';

/**
 * The business as its members see it (its profile and trial status) and onboarding a new business.
 * It owns no table: the account row is the tenants module's, the figures come from the
 * cards, users and stores modules, the default programme from rules (ADR 0012).
 */

/**
 * Creates a tenant on trial with its default cashback and tier rules (docs/product.md
 * 'Cashback', 'Card quota') and a first store named 'Main Store', inside
 * the caller's transaction. The slug is `slugify(name)` made unique with a numeric suffix
 * unless `slug` is given. trialDays: days until `trialEndsAt`. planId: the plan the tenant
 * starts on (the platform setting defaultPlan), null when not given. Returns the new
 * tenant row.
 */
export async function createTenant(
  tx: Tx,
  input: { name: string; slug?: string; trialDays: number; planId?: string | null },
  now: Date,
): Promise<TenantAccount> {
  const tenant = await insertTenant(tx, { ...input, baseSlug: slugify(input.name) }, now);
  await insertDefaultRules(tx, tenant.id);
  await createMainStore(tx, tenant.id);
  return tenant;
}

/** The tenant view without the install-wide `paymentProvider` (what the platform's tenant list shows too). */
export type TenantFigures = Omit<TenantResponse, 'paymentProvider'>;

/**
 * GET /api/t/{slug}/tenant: the tenant with its counts, subscriptionInfo
 * (card limit of the plan when ACTIVE, else freeTrialLimit; −1 unlimited), `canTransact`
 * (docs/product.md 'Subscription gates'), `subscriptionRequired` and `paymentProvider`, the
 * provider the install runs (config.paymentProvider: 'demo' takes no money, so the web shows
 * 'Demo payments: no money is taken' on every screen that takes money).
 */
export async function getTenantView(db: DbOrTx, t: TenantContext, paymentProvider: TenantResponse['paymentProvider'], now: Date): Promise<TenantResponse> {
  const [counts, plan, users, stores] = await Promise.all([
    tenantCardCounts(db, t.id),
    t.planId ? findPlan(db, t.planId) : Promise.resolve(null),
    nonCustomerUserCount(db, t.id),
    countStores(db, t.id),
  ]);
  return { ...buildTenantView(t, { cards: counts, users, stores }, plan, now), paymentProvider };
}

/**
 * The tenant view from figures already read (shared by GET /tenant and the
 * platform's tenant list, which reads the figures of a whole page in grouped queries):
 * `counts.cards` total and activated cards, `counts.users` staff users (every role but
 * customer), `counts.stores` stores; `plan` the tenant's plan or null. Pure.
 */
export function buildTenantView(
  t: TenantContext,
  counts: { cards: { total: number; activated: number }; users: number; stores: number },
  plan: { id: string; name: string; limits: { cards: number } } | null,
  now: Date,
): TenantFigures {
  const state = { ...t };
  const isActive = t.subscriptionStatus === 'ACTIVE';
  const limit = cardLimit(state, plan ? plan.limits.cards : null);
  const remaining = cardsRemaining(limit, counts.cards.total);
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    subscriptionStatus: t.subscriptionStatus,
    trialEndsAt: t.trialEndsAt?.toISOString() ?? null,
    graceEndsAt: t.graceEndsAt?.toISOString() ?? null,
    planId: t.planId,
    createdAt: t.createdAt.toISOString(),
    freeTrialLimit: t.freeTrialLimit,
    _count: { cards: counts.cards.total, users: counts.users, stores: counts.stores },
    subscriptionInfo: {
      isActive,
      planId: plan?.id ?? null,
      planName: plan?.name ?? null,
      cardLimit: limit,
      cardsUsed: counts.cards.total,
      cardsRemaining: Number.isFinite(remaining) ? remaining : -1,
    },
    subscriptionCardsUsed: counts.cards.total,
    subscriptionCardLimit: limit,
    canTransact: canTransact(state, now),
    subscriptionRequired: isSubscriptionRequired(state, counts.cards.activated, now),
    timezone: t.timezone,
    receiptsEnabled: t.receiptsEnabled,
  };
}

/**
 * GET /api/t/{slug}/trial/status (docs/product.md 'Subscription gates', 'Card quota'):
 * activationsUsed = the tenant's cards with an activation date; trialLimit =
 * freeTrialLimit; activationsRemaining = trialLimit − used, never below 0; subscriptionRequired
 * = not ACTIVE and (all activations used or trialEndsAt passed), the same value as
 * GET /tenant.
 */
export async function getTrialStatus(db: DbOrTx, t: TenantContext, now: Date): Promise<TrialStatusResponse> {
  const { activated } = await tenantCardCounts(db, t.id);
  return {
    activationsUsed: activated,
    trialLimit: t.freeTrialLimit,
    activationsRemaining: Math.max(0, t.freeTrialLimit - activated),
    subscriptionRequired: isSubscriptionRequired(t, activated, now),
  };
}

/**
 * One setting of the business changed by a Store Admin: with the tenant row locked (so two
 * changes are audited in the order they were made), `apply` writes the new value and `event`
 * builds the tenant's audit event from the row as it was, in one transaction. Answers the
 * tenant view with `updated` (the context's tenant with the new value).
 * @throws AppError 404 'Tenant not found' when the row is gone.
 */
async function changeSetting(
  db: Database,
  ctx: TenantRequestContext,
  paymentProvider: TenantResponse['paymentProvider'],
  change: { apply: (tx: Tx) => Promise<void>; event: (before: TenantAccount) => TypedAuditEvent; updated: TenantContext },
): Promise<TenantResponse> {
  await db.transaction(async (tx) => {
    const row = await lockTenantForChange(tx, ctx.tenant.id);
    if (!row) throw notFound('Tenant not found');
    await change.apply(tx);
    await writeAudit(tx, { tenantId: ctx.tenant.id, ...auditActorOf(ctx), entityId: ctx.tenant.id, ...change.event(row) });
  });
  return getTenantView(db, change.updated, paymentProvider, ctx.now);
}

/**
 * PUT /api/t/{slug}/tenant/timezone: stores the business's IANA time zone (validated by the
 * contract's TimezoneRequest; expiry dates, report days and months follow it, docs/product.md
 * 'Expiry'), audited as 'tenant.timezone.update' with before/after `{ timezone }`, and answers
 * the tenant view with the new zone.
 * @throws AppError 404 'Tenant not found' when the row is gone.
 */
export function putTenantTimezone(
  db: Database,
  ctx: TenantRequestContext,
  timezone: string,
  paymentProvider: TenantResponse['paymentProvider'],
): Promise<TenantResponse> {
  return changeSetting(db, ctx, paymentProvider, {
    apply: (tx) => setTenantTimezone(tx, ctx.tenant.id, timezone),
    event: (row) => ({ action: 'tenant.timezone.update', entity: 'tenant', before: { timezone: row.timezone }, after: { timezone } }),
    updated: { ...ctx.tenant, timezone },
  });
}

/**
 * PUT /api/t/{slug}/tenant/receipts `{ enabled }`: turns the e-mail receipts customers get after
 * an earn, redeem or refund on or off (docs/product.md 'E-mail'), audited as
 * 'tenant.receipts.update' with before/after `{ receiptsEnabled }`, and answers the tenant view
 * with the new value.
 * @throws AppError 404 'Tenant not found' when the row is gone.
 */
export function putTenantReceipts(
  db: Database,
  ctx: TenantRequestContext,
  enabled: boolean,
  paymentProvider: TenantResponse['paymentProvider'],
): Promise<TenantResponse> {
  return changeSetting(db, ctx, paymentProvider, {
    apply: (tx) => setTenantReceipts(tx, ctx.tenant.id, enabled),
    event: (row) => ({
      action: 'tenant.receipts.update',
      entity: 'tenant',
      before: { receiptsEnabled: row.receiptsEnabled },
      after: { receiptsEnabled: enabled },
    }),
    updated: { ...ctx.tenant, receiptsEnabled: enabled },
  });
}
