import type { TenantResponse, TrialStatusResponse } from '@loyalty/contract';
import { canTransact, cardLimit, cardsRemaining, isSubscriptionRequired } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import type { TenantContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { writeAudit } from '../audit/index.ts';
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
 * PUT /api/t/{slug}/tenant/timezone: stores the tenant's IANA time zone
 * (validated by the contract's TimezoneRequest) with the row locked, writes an audit_log row
 * (action 'tenant.timezone.update', entity 'tenant', before/after `{ timezone }`) in the same
 * transaction, and answers the tenant view with the new zone.
 * @throws AppError 404 'Tenant not found' when the row is gone.
 */
export async function putTenantTimezone(
  db: Database,
  t: TenantContext,
  userId: string,
  timezone: string,
  paymentProvider: TenantResponse['paymentProvider'],
  now: Date,
): Promise<TenantResponse> {
  await db.transaction(async (tx) => {
    const row = await lockTenantForChange(tx, t.id);
    if (!row) throw notFound('Tenant not found');
    await setTenantTimezone(tx, t.id, timezone);
    await writeAudit(tx, {
      tenantId: t.id,
      userId,
      action: 'tenant.timezone.update',
      entity: 'tenant',
      entityId: t.id,
      before: { timezone: row.timezone },
      after: { timezone },
    });
  });
  return getTenantView(db, { ...t, timezone }, paymentProvider, now);
}

/**
 * PUT /api/t/{slug}/tenant/receipts `{ enabled }`: turns the e-mail
 * receipts customers get after an earn, redeem or refund on or off, with the row locked and an
 * audit_log row (action 'tenant.receipts.update', entity 'tenant', before/after
 * `{ receiptsEnabled }`) in the same transaction. Answers the tenant view with the new value.
 * @throws AppError 404 'Tenant not found' when the row is gone.
 */
export async function putTenantReceipts(
  db: Database,
  t: TenantContext,
  userId: string,
  enabled: boolean,
  paymentProvider: TenantResponse['paymentProvider'],
  now: Date,
): Promise<TenantResponse> {
  await db.transaction(async (tx) => {
    const row = await lockTenantForChange(tx, t.id);
    if (!row) throw notFound('Tenant not found');
    await setTenantReceipts(tx, t.id, enabled);
    await writeAudit(tx, {
      tenantId: t.id,
      userId,
      action: 'tenant.receipts.update',
      entity: 'tenant',
      entityId: t.id,
      before: { receiptsEnabled: row.receiptsEnabled },
      after: { receiptsEnabled: enabled },
    });
  });
  return getTenantView(db, { ...t, receiptsEnabled: enabled }, paymentProvider, now);
}
