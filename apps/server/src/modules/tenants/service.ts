import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PlanLimits, SubscriptionStatus, TenantSummary } from '@loyalty/contract';
import { canTransact, cardLimit, cardsRemaining, isSubscriptionRequired, onlineCardAllowed } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { plans, tenants } from '../../db/schema/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import type { TenantContext } from '../../context.ts';
import { addDays } from '../../lib/time.ts';
import { containsPattern } from '../../lib/sql.ts';
import type { PaymentTenant } from '../../payments/port.ts';

/**
 * The tenant account (ADR 0005, ADR 0012): the module that owns the `tenants` row (the
 * account: subscription state, trial, grace, purchased cards, provider ids) and the `plans`
 * catalogue (plans.ts). It is the one place that
 * - serialises a tenant's allowance-spending and billing writes on the tenant row
 *   (`lockTenant`, `SELECT … FOR NO KEY UPDATE`);
 * - decides the plan limits for stores and staff (`planLimitsOf`, `assertPlanAllowsOneMore`)
 *   and the card quota (`assertCardBatchAllowed`, `assertCanActivateCard`), from counts the
 *   calling module reads from its own table;
 * - writes the account's state (subscription period, status, purchased cards, provider ids).
 * It depends on no other module: stores, users, cards, billing, checkout, card orders and
 * webhooks call it.
 */

/** A tenants row: the account as stored (timestamps as Dates, status typed by the contract). */
export type TenantAccount = typeof tenants.$inferSelect;

/**
 * Locks tenant `tenantId`'s row `SELECT … FOR NO KEY UPDATE` inside `tx` and returns it
 * (ADR 0005). Every use case of one tenant that spends an allowance (card batch, card
 * activation, store and staff creates and re-activations) or writes billing state (payment
 * methods, subscribe, paid periods, card-order checkouts and cancellations, webhook events)
 * takes this lock first, so they run one after the other for that tenant and none of them
 * acts on a stale count or status; other tenants are untouched. NO KEY UPDATE, not UPDATE:
 * the foreign-key checks of concurrent POS inserts take KEY SHARE on the tenant row and must
 * not wait for a running batch. Calling it again in the same transaction is harmless.
 * @throws AppError 404 'Tenant not found' when the row is gone.
 */
export async function lockTenant(tx: Tx, tenantId: string): Promise<TenantAccount> {
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
  if (!tenant) throw notFound('Tenant not found');
  return tenant;
}

/**
 * The store and staff limits in force for a tenant: the plan's name and limits when the
 * tenant has a plan, both null when it has none (a trial that never subscribed).
 */
export interface TenantLimits {
  planName: string | null;
  limits: PlanLimits | null;
}

/**
 * The store and staff limits of `account` (decisions.md 'Trial, subscription and quota':
 * plan limits for stores and staff are enforced on create; −1 unlimited). Our decision:
 * - a tenant WITH a plan (`planId` set: ACTIVE, and also PAST_DUE or CANCELED after having
 *   subscribed, or TRIALING on the platform's defaultPlan) is bound by that plan's
 *   `limits.stores` / `limits.staff`. A late payment does not lift the limits of the plan the
 *   tenant chose.
 * - a tenant WITHOUT a plan has no store or staff limit: the trial is bounded by its free card
 *   activations and its end date (spec §4 'activation limits'), not by stores or staff.
 * Read it after `lockTenant` in the same transaction, so the check and the insert are atomic.
 */
export async function planLimitsOf(db: DbOrTx, account: Pick<TenantAccount, 'planId'>): Promise<TenantLimits> {
  if (!account.planId) return { planName: null, limits: null };
  const [plan] = await db.select({ name: plans.name, limits: plans.limits }).from(plans).where(eq(plans.id, account.planId));
  return plan ? { planName: plan.name, limits: plan.limits } : { planName: null, limits: null };
}

/**
 * Locks the tenant row (`lockTenant`) and returns the store and staff limits in force
 * (`planLimitsOf`): the first step of every store or staff write that may add an active row.
 * @throws AppError 404 'Tenant not found'.
 */
export async function lockTenantLimits(tx: Tx, tenantId: string): Promise<TenantLimits> {
  return planLimitsOf(tx, await lockTenant(tx, tenantId));
}

const NOUNS = { stores: ['store', 'stores'], staff: ['staff member', 'staff members'] } as const;

/**
 * Refuses one more active `resource` ('stores' or 'staff') when the plan's limit is ≥ 0 and
 * `used` (the active rows now, counted by the calling module under the tenant lock) has
 * reached it; −1 or no plan means unlimited. Call it after `lockTenantLimits` in the same
 * transaction (ADR 0005).
 * @throws AppError 403 FORBIDDEN e.g. 'Your Starter plan allows 1 store. Upgrade to add more.'
 *   with details `{ resource, limit, used, planName }`.
 */
export function assertPlanAllowsOneMore(limits: TenantLimits, resource: 'stores' | 'staff', used: number): void {
  const limit = limits.limits?.[resource];
  if (limit === undefined || limit === null || limit < 0 || used < limit) return;
  const [one, many] = NOUNS[resource];
  throw new AppError('FORBIDDEN', `Your ${limits.planName} plan allows ${limit} ${limit === 1 ? one : many}. Upgrade to add more.`, {
    resource,
    limit,
    used,
    planName: limits.planName,
  });
}

/** A tenant's cards as the quota counts them: all cards (the plan's card limit) and activated ones (trial activations). */
export interface CardCounts {
  total: number;
  activated: number;
}

/**
 * The card-batch gate of decisions.md 'Trial, subscription and quota' (spec §5 'Card batch',
 * §8), for `requested` new cards of the locked `account` (`lockTenant` first) whose cards
 * `counts` the cards module read under that lock. Rules, in this order:
 * - 403 FORBIDDEN 'Card creation blocked': status CANCELED or NONE, or PAST_DUE with the
 *   grace period over (the POS gate of spec §5).
 * - 403 SUBSCRIPTION_REQUIRED 'Subscription required': not ACTIVE and the trial's
 *   activations are used up or it has ended (domain isSubscriptionRequired).
 * - ACTIVE with a plan: the plan's `limits.cards` (−1 unlimited) plus purchased cards bound
 *   all the tenant's cards; a shortfall is 403 FORBIDDEN 'Insufficient subscription
 *   allowance' with details `{ remaining, used, limit, requested, planName, message }`.
 * - otherwise (trial): freeTrialLimit plus purchased cards bound all cards; a shortfall is 400
 *   VALIDATION_ERROR 'Card limit exceeded' with details `{ remaining, used, limit, requested,
 *   message }` (message: spec §5 text).
 */
export async function assertCardBatchAllowed(db: DbOrTx, account: TenantAccount, counts: CardCounts, requested: number, now: Date): Promise<void> {
  const status = account.subscriptionStatus;
  // The POS gate itself: CANCELED, NONE, or PAST_DUE with the grace over.
  if (!canTransact(account, now)) throw forbidden('Card creation blocked');
  if (isSubscriptionRequired(account, counts.activated, now)) throw new AppError('SUBSCRIPTION_REQUIRED', 'Subscription required');
  const [plan] =
    status === 'ACTIVE' && account.planId ? await db.select({ name: plans.name, limits: plans.limits }).from(plans).where(eq(plans.id, account.planId)) : [];
  const limit = cardLimit(account, plan ? plan.limits.cards : null);
  const remaining = cardsRemaining(limit, counts.total);
  if (requested <= remaining) return;
  const base = { remaining, used: counts.total, limit, requested };
  if (plan) {
    throw new AppError('FORBIDDEN', 'Insufficient subscription allowance', {
      ...base,
      planName: plan.name,
      message: `You can only create ${remaining} more cards from your ${plan.name} plan subscription. You currently have ${counts.total}/${limit} cards used.`,
    });
  }
  throw badRequest('Card limit exceeded', {
    ...base,
    message: `You can only create ${remaining} more cards. You currently have ${counts.total}/${limit} cards in your trial.`,
  });
}

/**
 * The card-activation gate (spec §4 'activation limits'; decisions.md 'Trial, subscription
 * and quota'), for the locked `account` whose cards `counts` were read under the lock.
 * @throws AppError 403 SUBSCRIPTION_REQUIRED 'Subscription required' when the status does not
 *   allow card work at all (CANCELED, NONE, PAST_DUE after grace) or the tenant is not ACTIVE
 *   and its trial activations are used up or the trial has ended.
 */
export function assertCanActivateCard(account: TenantAccount, counts: CardCounts, now: Date): void {
  if (!canTransact(account, now) || isSubscriptionRequired(account, counts.activated, now)) {
    throw new AppError('SUBSCRIPTION_REQUIRED', 'Subscription required');
  }
}

/** Refusal of a card an online sign-up would take from the till's reserve (ADR 0027); the join flow shows its own text. */
export const TILL_RESERVE_TEXT = 'Online sign-ups cannot take the last 10 % of the card quota';

/**
 * The till's reserve (ADR 0027): refuses one more card made by an online sign-up when it would
 * take a card from the last 10 % (domain `tillReserve`, rounded up) of the card quota of the
 * locked `account` (`lockTenant` first, ADR 0005), whose `counts` were read under the lock. The
 * quota is the one `assertCardBatchAllowed` applies (plan card limit plus purchased cards when
 * ACTIVE with a plan, else the trial's); on a trial the free activations are a quota too, and
 * keep the same reserve. Unlimited plans keep none. Call it after the batch and activation gates.
 * @throws AppError 422 BUSINESS_RULE TILL_RESERVE_TEXT.
 */
export async function assertTillReserveKept(db: DbOrTx, account: TenantAccount, counts: CardCounts): Promise<void> {
  const active = account.subscriptionStatus === 'ACTIVE';
  const [plan] = active && account.planId ? await db.select({ limits: plans.limits }).from(plans).where(eq(plans.id, account.planId)) : [];
  const limit = cardLimit(account, plan ? plan.limits.cards : null);
  const activationsLeft = active || onlineCardAllowed(account.freeTrialLimit, counts.activated);
  if (!onlineCardAllowed(limit, counts.total) || !activationsLeft) throw new AppError('BUSINESS_RULE', TILL_RESERVE_TEXT);
}

/** The tenant a `/api/t/:slug` request works in (the tenant guard's lookup), or null for an unknown slug. Case-insensitive. */
export async function tenantContextBySlug(db: DbOrTx, slug: string): Promise<TenantContext | null> {
  const [tenant] = await tenantContextQuery(db, slug.toLowerCase());
  return tenant ?? null;
}

/** The select of tenantContextBySlug; `slug` (lower case) a value or a placeholder. */
function tenantContextQuery(db: DbOrTx, slug: string | ReturnType<typeof sql.placeholder>) {
  return tenantContextSelect(db).where(eq(tenants.slug, slug)).limit(1);
}

/** The TenantContext columns of `tenants`, for a where clause to follow. */
function tenantContextSelect(db: DbOrTx) {
  return db
    .select({
      id: tenants.id,
      slug: tenants.slug,
      name: tenants.name,
      subscriptionStatus: tenants.subscriptionStatus,
      trialEndsAt: tenants.trialEndsAt,
      graceEndsAt: tenants.graceEndsAt,
      planId: tenants.planId,
      freeTrialLimit: tenants.freeTrialLimit,
      purchasedCards: tenants.purchasedCards,
      timezone: tenants.timezone,
      receiptsEnabled: tenants.receiptsEnabled,
      createdAt: tenants.createdAt,
    })
    .from(tenants)
    .$dynamic();
}

/**
 * Every tenant's TenantContext columns as a projection to join (ADR 0012: a plain projection,
 * not the table): the session lookup joins the tenant of a `/api/t/{slug}` request in the same
 * prepared statement as the session (one round trip for both on every tenant-scoped request,
 * docs/performance.md).
 */
export function tenantContexts(db: DbOrTx) {
  return tenantContextSelect(db).as('tenant_contexts');
}

/**
 * A prepared lookup of a tenant by id as a TenantContext (the API key guard of /api/v1, issue
 * 17: the key names its tenant); null when the tenant no longer exists.
 */
export function tenantContextByIdFinder(db: Database): (tenantId: string) => Promise<TenantContext | null> {
  const query = tenantContextSelect(db).where(eq(tenants.id, sql.placeholder('id'))).limit(1).prepare('tenant_context_by_id');
  return async (tenantId) => (await query.execute({ id: tenantId }))[0] ?? null;
}

/**
 * tenantContextBySlug as a statement prepared once for `db` (issue 15 'statements prepared
 * once'): the tenant guard runs it on every tenant-scoped request, so drizzle builds its SQL
 * once, and PostgreSQL parses it once per connection. Same answer as tenantContextBySlug.
 */
export function tenantContextFinder(db: Database): (slug: string) => Promise<TenantContext | null> {
  const query = tenantContextQuery(db, sql.placeholder('slug')).prepare('tenant_context_by_slug');
  return async (slug) => (await query.execute({ slug: slug.toLowerCase() }))[0] ?? null;
}

/** A tenants row → the TenantContext the HTTP layer and the tenant view use. */
export function toTenantContext(t: TenantAccount): TenantContext {
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    subscriptionStatus: t.subscriptionStatus,
    trialEndsAt: t.trialEndsAt,
    graceEndsAt: t.graceEndsAt,
    planId: t.planId,
    freeTrialLimit: t.freeTrialLimit,
    purchasedCards: t.purchasedCards,
    timezone: t.timezone,
    receiptsEnabled: t.receiptsEnabled,
    createdAt: t.createdAt,
  };
}

/** The tenant of id `tenantId`, or null (no lock). */
export async function findTenant(db: DbOrTx, tenantId: string): Promise<TenantAccount | null> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return tenant ?? null;
}

/** The id of the tenant whose slug is exactly `slug`, or null. */
export async function tenantIdBySlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return tenant?.id ?? null;
}

/** `{ id, name, slug, subscriptionStatus }` of a tenant (the `tenant` of the auth answers), or null when it is gone. */
export async function tenantHeader(db: DbOrTx, tenantId: string): Promise<{ id: string; name: string; slug: string; subscriptionStatus: SubscriptionStatus } | null> {
  const [t] = await db
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, subscriptionStatus: tenants.subscriptionStatus })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return t ?? null;
}

/** `{ id, name, slug }` of the given tenants (any order; unknown ids are missing), one query. */
export async function tenantNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, { id: string; name: string; slug: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: tenants.id, name: tenants.name, slug: tenants.slug }).from(tenants).where(inArray(tenants.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The payment provider's view of tenant `tenantId` (no lock): id, name, slug and
 * providerCustomerId.
 * @throws AppError 404 'Tenant not found' when the row is gone.
 */
export async function paymentTenantOf(db: DbOrTx, tenantId: string): Promise<PaymentTenant> {
  const [t] = await db
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, providerCustomerId: tenants.providerCustomerId })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!t) throw notFound('Tenant not found');
  return t;
}

/** The tenant's current subscription period `{ start, end }` as stored (either may be null). */
export async function subscriptionPeriodOf(db: DbOrTx, tenantId: string): Promise<{ start: Date | null; end: Date | null } | null> {
  const [t] = await db.select({ start: tenants.currentPeriodStart, end: tenants.currentPeriodEnd }).from(tenants).where(eq(tenants.id, tenantId));
  return t ?? null;
}

/**
 * Our tenant for a payment provider's object (webhooks): the tenant `metadataTenantId` when
 * it is a UUID of an existing tenant, else the tenant whose provider customer is
 * `providerCustomerId`; null when neither matches.
 */
export async function findTenantIdForProvider(db: DbOrTx, metadataTenantId: string | null, providerCustomerId: string | null): Promise<string | null> {
  if (metadataTenantId) {
    const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, metadataTenantId));
    if (t) return t.id;
  }
  if (providerCustomerId) {
    const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.providerCustomerId, providerCustomerId)).limit(1);
    if (t) return t.id;
  }
  return null;
}

/**
 * Stores `customerId` as the tenant's provider customer unless it already has one (two
 * requests creating a customer at once: the first stored wins) and returns the one stored:
 * ours when we stored it, the other request's otherwise, `customerId` when the row is gone.
 * Used by the Stripe adapter through the callback wired in app.ts.
 */
export async function claimProviderCustomerId(db: DbOrTx, tenantId: string, customerId: string): Promise<string> {
  const [stored] = await db
    .update(tenants)
    .set({ providerCustomerId: customerId })
    .where(and(eq(tenants.id, tenantId), isNull(tenants.providerCustomerId)))
    .returning({ id: tenants.providerCustomerId });
  if (stored?.id) return stored.id;
  const [row] = await db.select({ id: tenants.providerCustomerId }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.id ?? customerId;
}

/**
 * Inserts a tenant on trial in `tx` (decisions.md 'Trial, subscription and quota'): status
 * TRIALING, `trialEndsAt` = now + `trialDays` days, `planId` (the platform's defaultPlan,
 * issue 7) or null. The slug is `input.slug` when given (its uniqueness is the caller's: the
 * unique index answers a race), else `baseSlug` made unique with a numeric suffix (-2, -3 …).
 * Returns the new row. Onboarding (default rules, first store) is the tenant module's.
 */
export async function insertTenant(
  tx: Tx,
  input: { name: string; slug?: string; baseSlug: string; trialDays: number; planId?: string | null },
): Promise<TenantAccount> {
  let slug = input.slug ?? input.baseSlug;
  if (!input.slug) {
    const taken = await tx
      .select({ slug: tenants.slug })
      .from(tenants)
      .where(sql`${tenants.slug} = ${slug} or ${tenants.slug} like ${slug + '-%'}`);
    const set = new Set(taken.map((t) => t.slug));
    for (let n = 2; set.has(slug); n++) slug = `${input.baseSlug}-${n}`;
  }
  const [tenant] = await tx
    .insert(tenants)
    .values({ name: input.name, slug, subscriptionStatus: 'TRIALING', trialEndsAt: addDays(new Date(), input.trialDays), planId: input.planId ?? null })
    .returning();
  return tenant;
}

/**
 * A new provider subscription becomes the tenant's (a pending Stripe subscribe that opened one,
 * or the first subscription a webhook names for a tenant that had none), in `tx` with the
 * tenant row locked by the caller: its id is stored and the facts kept about the previous
 * subscription (paid period, end, unpaid period; ADR 0021) are cleared, so the new one's
 * events are compared only with each other. Status, plan and grace stay until the new
 * subscription's own events change them.
 */
export async function setProviderSubscriptionId(tx: Tx, tenantId: string, subscriptionId: string): Promise<void> {
  await tx
    .update(tenants)
    .set({ providerSubscriptionId: subscriptionId, currentPeriodStart: null, currentPeriodEnd: null, subscriptionEndedAt: null, unpaidPeriodEnd: null })
    .where(eq(tenants.id, tenantId));
}

/**
 * A paid subscription period (decisions.md 'Payments'): the tenant becomes ACTIVE on
 * `planId`, its grace period is cleared and the provider's subscription id and the period
 * `[periodStart, periodEnd)` are stored; it is a subscription of its own (the Demo provider
 * opens one per subscribe), so no end or unpaid period of it is known yet. In `tx`, with the
 * tenant row locked by the caller.
 */
export async function activateSubscription(
  tx: Tx,
  tenantId: string,
  period: { planId: string; subscriptionId: string; periodStart: Date; periodEnd: Date },
): Promise<void> {
  await tx
    .update(tenants)
    .set({
      subscriptionStatus: 'ACTIVE',
      planId: period.planId,
      graceEndsAt: null,
      providerSubscriptionId: period.subscriptionId,
      currentPeriodStart: period.periodStart,
      currentPeriodEnd: period.periodEnd,
      subscriptionEndedAt: null,
      unpaidPeriodEnd: null,
    })
    .where(eq(tenants.id, tenantId));
}

/** The subscription columns of the tenant row that the provider's events change (ADR 0021). */
export type SubscriptionStatePatch = Partial<
  Pick<TenantAccount, 'subscriptionStatus' | 'graceEndsAt' | 'planId' | 'currentPeriodStart' | 'currentPeriodEnd' | 'subscriptionEndedAt' | 'unpaidPeriodEnd'>
>;

/** Writes `patch` to the tenant's subscription columns, in `tx` with the tenant row locked by the caller; an empty patch writes nothing. */
export async function updateSubscriptionState(tx: Tx, tenantId: string, patch: SubscriptionStatePatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.update(tenants).set(patch).where(eq(tenants.id, tenantId));
}

/**
 * Ids of the ACTIVE tenants whose paid period (currentPeriodEnd) ended before `cutoff`, oldest
 * first (no lock: the caller locks each one and checks again). Tenants without a period are
 * not listed.
 */
export async function activeTenantsWithPeriodEndedBefore(db: DbOrTx, cutoff: Date): Promise<string[]> {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.subscriptionStatus, 'ACTIVE'), lt(tenants.currentPeriodEnd, cutoff)))
    .orderBy(tenants.currentPeriodEnd);
  return rows.map((r) => r.id);
}

/** Sets the tenant's subscription status and grace end (PAST_DUE with a grace, CANCELED without), in `tx`. */
export async function setSubscriptionStatus(tx: Tx, tenantId: string, status: SubscriptionStatus, graceEndsAt: Date | null): Promise<void> {
  await tx.update(tenants).set({ subscriptionStatus: status, graceEndsAt }).where(eq(tenants.id, tenantId));
}

/** Stores the tenant's IANA time zone (issue 14; validated by the caller), in `tx`. */
export async function setTenantTimezone(tx: Tx, tenantId: string, timezone: string): Promise<void> {
  await tx.update(tenants).set({ timezone }).where(eq(tenants.id, tenantId));
}

/** Turns the tenant's e-mail receipts on or off (issue 16 'Receipts'), in `tx`. */
export async function setTenantReceipts(tx: Tx, tenantId: string, enabled: boolean): Promise<void> {
  await tx.update(tenants).set({ receiptsEnabled: enabled }).where(eq(tenants.id, tenantId));
}

/**
 * Adds `quantity` cards bought through a paid card order to the tenant's quota
 * (decisions.md 'Card orders'), in `tx` with the tenant row locked by the caller. A negative
 * `quantity` takes them back (a refunded order), never below 0.
 */
export async function addPurchasedCards(tx: Tx, tenantId: string, quantity: number): Promise<void> {
  await tx
    .update(tenants)
    .set({ purchasedCards: quantity >= 0 ? sql`${tenants.purchasedCards} + ${quantity}` : sql`greatest(0, ${tenants.purchasedCards} - ${-quantity})` })
    .where(eq(tenants.id, tenantId));
}

/**
 * Locks tenant `tenantId`'s row `FOR UPDATE` (the operator's edit and delete: the row itself
 * changes or goes) and returns it, or null when there is none.
 */
export async function lockTenantForChange(tx: Tx, tenantId: string): Promise<TenantAccount | null> {
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return tenant ?? null;
}

/** The operator's edit (issue 7): name, subscription status and grace end of a tenant, in `tx`. Returns the updated row. */
export async function updateTenantAccount(
  tx: Tx,
  tenantId: string,
  fields: { name: string; subscriptionStatus: SubscriptionStatus; graceEndsAt: Date | null },
): Promise<TenantAccount> {
  const [after] = await tx.update(tenants).set(fields).where(eq(tenants.id, tenantId)).returning();
  return after;
}

/**
 * Deletes the tenant row in `tx`: every tenant-owned row goes with it through the cascades of
 * the foreign keys (ADR 0002); payments and subscription events keep a detached copy.
 */
export async function deleteTenantRow(tx: Tx, tenantId: string): Promise<void> {
  await tx.delete(tenants).where(eq(tenants.id, tenantId));
}

/**
 * One page of tenants for the operator's list (spec §2 'Tenants'), newest first (created_at
 * desc, id desc), optionally with status `status` and matching `search`: the name or slug
 * contains the text (case-insensitive, wildcards literal) or the tenant's id is in
 * `alsoMatchingIds`, a subquery of tenant ids that match otherwise (the owner's e-mail, from
 * the users module). Returns the rows and the total of matches.
 */
export async function listTenantsPage(
  db: DbOrTx,
  q: { status?: SubscriptionStatus; search?: string; alsoMatchingIds?: (pattern: string) => SQL; page: number; limit: number },
): Promise<{ rows: TenantAccount[]; total: number }> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(tenants.subscriptionStatus, q.status));
  const search = q.search?.trim();
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    const terms = [sql`lower(${tenants.name}) like ${pattern}`, sql`lower(${tenants.slug}) like ${pattern}`];
    if (q.alsoMatchingIds) terms.push(sql`${tenants.id} in (${q.alsoMatchingIds(pattern)})`);
    conds.push(or(...terms)!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(tenants).where(where),
    db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(desc(tenants.createdAt), desc(tenants.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return { rows, total };
}

/** Counts of tenants per subscription status over ALL tenants (contract TenantSummary). */
export async function tenantStatusSummary(db: DbOrTx): Promise<TenantSummary> {
  const by = await tenantsByStatus(db);
  return {
    total: [...by.values()].reduce((s, n) => s + n, 0),
    active: by.get('ACTIVE') ?? 0,
    trialing: by.get('TRIALING') ?? 0,
    pastDue: by.get('PAST_DUE') ?? 0,
    canceled: by.get('CANCELED') ?? 0,
    none: by.get('NONE') ?? 0,
  };
}

/** Number of tenants per subscription status (statuses without tenants are absent). */
export async function tenantsByStatus(db: DbOrTx): Promise<Map<SubscriptionStatus, number>> {
  const rows = await db.select({ status: tenants.subscriptionStatus, n: sql<number>`count(*)::int` }).from(tenants).groupBy(tenants.subscriptionStatus);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** Number of ACTIVE tenants. */
export async function activeTenantCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants).where(eq(tenants.subscriptionStatus, 'ACTIVE'));
  return row?.n ?? 0;
}

/**
 * The platform dashboard's tenant figures (spec §3 'Platform stats'): `total` tenants,
 * `active` (ACTIVE or TRIALING), and how many tenants, and active ones, were created in
 * [d30, far) and in [d60, d30) (30-day windows; `far` bounds the open end).
 */
export async function tenantGrowth(db: DbOrTx, d30: Date, d60: Date, far: Date) {
  const activeNow = sql`${tenants.subscriptionStatus} in ('ACTIVE', 'TRIALING')`;
  const between = (from: Date, to: Date) => sql<number>`count(*) filter (where ${and(gte(tenants.createdAt, from), lt(tenants.createdAt, to))})::int`;
  const [t] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${activeNow})::int`,
      new30: between(d30, far),
      prev30: between(d60, d30),
      activeNew30: sql<number>`count(*) filter (where ${activeNow} and ${gte(tenants.createdAt, d30)})::int`,
      activePrev30: sql<number>`count(*) filter (where ${activeNow} and ${and(gte(tenants.createdAt, d60), lt(tenants.createdAt, d30))})::int`,
    })
    .from(tenants);
  return t;
}

/** New tenants per UTC month ('YYYY-MM' → count) created in [from, to). */
export async function tenantsCreatedByMonth(db: DbOrTx, from: Date, to: Date): Promise<Map<string, number>> {
  const month = sql<string>`to_char(${tenants.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, n: sql<number>`count(*)::int` })
    .from(tenants)
    .where(and(gte(tenants.createdAt, from), lt(tenants.createdAt, to)))
    .groupBy(month);
  return new Map(rows.map((r) => [r.month, r.n]));
}

/** The `limit` newest tenants (created_at desc, id desc): id, name, slug, status, createdAt (the activity feed). */
export async function newestTenants(db: DbOrTx, limit: number) {
  return db
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, status: tenants.subscriptionStatus, createdAt: tenants.createdAt })
    .from(tenants)
    .orderBy(desc(tenants.createdAt), desc(tenants.id))
    .limit(limit);
}

/** Number of tenants on each plan (plan id → count; plans without tenants are absent). */
export async function tenantsPerPlan(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ planId: tenants.planId, n: sql<number>`count(*)::int` })
    .from(tenants)
    .where(sql`${tenants.planId} is not null`)
    .groupBy(tenants.planId);
  return new Map(rows.map((r) => [r.planId!, r.n]));
}

/** Number of tenants on plan `planId`. */
export async function tenantsOnPlan(db: DbOrTx, planId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants).where(eq(tenants.planId, planId));
  return row?.n ?? 0;
}


/**
 * The tenants' names and slugs as a subquery `(id, name, slug)` for another module's display
 * join (a payment's tenant, a card order's tenant). A plain projection, so PostgreSQL joins it
 * like the table itself.
 */
export function tenantLabels(db: DbOrTx) {
  return db.select({ id: tenants.id, name: tenants.name, slug: tenants.slug }).from(tenants).as('tenant_labels');
}

/** The tenant's IANA time zone (issue 14; 'UTC' by default) as a scalar subquery, for SQL that computes local dates (lot expiry, report days). */
export function timezoneSql(tenantId: string): SQL {
  return sql`(select timezone from ${tenants} where id = ${tenantId})`;
}
