import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TenantResponse, TrialStatusResponse } from '@loyalty/contract';
import {
  DEFAULT_CASHBACK_RULES,
  DEFAULT_TIER_RULES,
  canTransact,
  cardLimit,
  cardsRemaining,
  isSubscriptionRequired,
} from '@loyalty/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cards, cashbackRules, plans, stores, tenants, tierRules, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../http/tenant-context.ts';
import { slugify } from './slug.ts';

/**
 * Creates a tenant on trial with its default cashback and tier rules (decisions.md
 * 'Cashback', 'Trial, subscription and quota') and a first store named 'Main Store', inside
 * the caller's transaction. The slug is `slugify(name)` made unique with a numeric suffix
 * unless `slug` is given. trialDays: days until `trialEndsAt`. planId: the plan the tenant
 * starts on (the platform setting defaultPlan, issue 7), null when not given. Returns the new
 * tenant row.
 */
export async function createTenant(
  tx: Tx,
  input: { name: string; slug?: string; trialDays: number; planId?: string | null },
): Promise<typeof tenants.$inferSelect> {
  let slug = input.slug ?? slugify(input.name);
  if (!input.slug) {
    const taken = await tx
      .select({ slug: tenants.slug })
      .from(tenants)
      .where(sql`${tenants.slug} = ${slug} or ${tenants.slug} like ${slug + '-%'}`);
    const set = new Set(taken.map((t) => t.slug));
    for (let n = 2; set.has(slug); n++) slug = `${slugify(input.name)}-${n}`;
  }
  const [tenant] = await tx
    .insert(tenants)
    .values({
      name: input.name,
      slug,
      subscriptionStatus: 'TRIALING',
      trialEndsAt: new Date(Date.now() + input.trialDays * 86_400_000),
      planId: input.planId ?? null,
    })
    .returning();
  await tx.insert(cashbackRules).values(DEFAULT_CASHBACK_RULES.map((r) => ({ ...r, tenantId: tenant.id })));
  await tx.insert(tierRules).values(DEFAULT_TIER_RULES.map((r) => ({ ...r, tenantId: tenant.id })));
  await tx.insert(stores).values({ tenantId: tenant.id, name: 'Main Store' });
  return tenant;
}

/** Card counts of a tenant: all cards (the quota) and activated ones (trial activations). */
export async function cardCounts(db: DbOrTx, tenantId: string): Promise<{ total: number; activated: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      activated: sql<number>`count(*) filter (where ${isNotNull(cards.activatedAt)})::int`,
    })
    .from(cards)
    .where(eq(cards.tenantId, tenantId));
  return { total: row?.total ?? 0, activated: row?.activated ?? 0 };
}

/**
 * GET /api/t/{slug}/tenant (spec §3 'Tenant'): the tenant with its counts, subscriptionInfo
 * (card limit of the plan when ACTIVE, else freeTrialLimit; −1 unlimited), `canTransact`
 * (spec §5 POS gate) and `subscriptionRequired` (decisions.md).
 */
export async function getTenantView(db: DbOrTx, t: TenantContext, now = new Date()): Promise<TenantResponse> {
  const [counts, [plan], [userCount], [storeCount]] = await Promise.all([
    cardCounts(db, t.id),
    t.planId ? db.select({ id: plans.id, name: plans.name, limits: plans.limits }).from(plans).where(eq(plans.id, t.planId)) : Promise.resolve([]),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.tenantId, t.id), sql`${users.role} <> 'customer'`)),
    db.select({ n: sql<number>`count(*)::int` }).from(stores).where(eq(stores.tenantId, t.id)),
  ]);
  return buildTenantView(t, { cards: counts, users: userCount?.n ?? 0, stores: storeCount?.n ?? 0 }, plan ?? null, now);
}

/**
 * The tenant view of spec §3 from figures already read (shared by GET /tenant and the
 * platform's tenant list, which reads the figures of a whole page in grouped queries):
 * `counts.cards` total and activated cards, `counts.users` staff users (every role but
 * customer), `counts.stores` stores; `plan` the tenant's plan or null. Pure.
 */
export function buildTenantView(
  t: TenantContext,
  counts: { cards: { total: number; activated: number }; users: number; stores: number },
  plan: { id: string; name: string; limits: { cards: number } } | null,
  now = new Date(),
): TenantResponse {
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
  };
}

/**
 * GET /api/t/{slug}/trial/status (spec §3 'Trial status'; decisions.md 'Trial, subscription
 * and quota'): activationsUsed = the tenant's cards with an activation date; trialLimit =
 * freeTrialLimit; activationsRemaining = trialLimit − used, never below 0; subscriptionRequired
 * = not ACTIVE and (all activations used or trialEndsAt passed), the same value as
 * GET /tenant.
 */
export async function getTrialStatus(db: DbOrTx, t: TenantContext, now = new Date()): Promise<TrialStatusResponse> {
  const { activated } = await cardCounts(db, t.id);
  return {
    activationsUsed: activated,
    trialLimit: t.freeTrialLimit,
    activationsRemaining: Math.max(0, t.freeTrialLimit - activated),
    subscriptionRequired: isSubscriptionRequired(t, activated, now),
  };
}
