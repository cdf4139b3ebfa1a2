import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  SLUG_TEXT,
  type CreateTenantRequest,
  type PlatformTenant,
  type SubscriptionStatus,
  type TenantListQuery,
  type TenantListResponse,
  type TenantSummary,
  type UpdateTenantRequest,
} from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { cards, customers, plans, stores, subscriptionEvents, tenants, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant-context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { EMAIL_TAKEN } from '../auth/service.ts';
import { buildTenantView, createTenant } from '../tenant/service.ts';
import { isValidSlug } from '../tenant/slug.ts';
import { PLATFORM_AUDIT, writePlatformAudit } from './audit.ts';
import { defaultPlanId, getPlatformSettings } from './settings.ts';

/** 404 text for an unknown or malformed tenant id. */
export const TENANT_NOT_FOUND = 'Tenant not found';
/** 409 text for a slug in use (POST /api/platform/tenants). */
export const SLUG_TAKEN = 'Slug is already taken';
/** 400 text when the typed slug does not match (DELETE /api/platform/tenants/{id}). */
export const CONFIRM_SLUG = 'Type the tenant slug to confirm';
/** Grace period of PAST_DUE set by the operator, in days (decisions.md: a failed renewal gives 7 days). */
export const GRACE_DAYS = 7;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type TenantRow = typeof tenants.$inferSelect;

function toContext(t: TenantRow): TenantContext {
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    subscriptionStatus: t.subscriptionStatus as SubscriptionStatus,
    trialEndsAt: t.trialEndsAt,
    graceEndsAt: t.graceEndsAt,
    planId: t.planId,
    freeTrialLimit: t.freeTrialLimit,
    purchasedCards: t.purchasedCards,
    createdAt: t.createdAt,
  };
}

/**
 * The operator's view (contract PlatformTenant) of several tenants at once: the tenant view of
 * spec §3 (the same `buildTenantView` as GET /api/t/{slug}/tenant), the owner (the first
 * active tenant_admin by creation, or null) and the customer count. Reads every figure in one
 * grouped query per table (no query per tenant). Keeps the order of `rows`.
 */
export async function platformTenantViews(db: DbOrTx, rows: TenantRow[], now = new Date()): Promise<PlatformTenant[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const planIds = [...new Set(rows.map((r) => r.planId).filter((p): p is string => p !== null))];
  const [cardRows, userRows, storeRows, customerRows, ownerRows, planRows] = await Promise.all([
    db
      .select({
        tenantId: cards.tenantId,
        total: sql<number>`count(*)::int`,
        activated: sql<number>`count(*) filter (where ${isNotNull(cards.activatedAt)})::int`,
      })
      .from(cards)
      .where(inArray(cards.tenantId, ids))
      .groupBy(cards.tenantId),
    db
      .select({ tenantId: users.tenantId, n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(inArray(users.tenantId, ids), sql`${users.role} <> 'customer'`))
      .groupBy(users.tenantId),
    db.select({ tenantId: stores.tenantId, n: sql<number>`count(*)::int` }).from(stores).where(inArray(stores.tenantId, ids)).groupBy(stores.tenantId),
    db
      .select({ tenantId: customers.tenantId, n: sql<number>`count(*)::int` })
      .from(customers)
      .where(inArray(customers.tenantId, ids))
      .groupBy(customers.tenantId),
    db
      .selectDistinctOn([users.tenantId], { tenantId: users.tenantId, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(inArray(users.tenantId, ids), eq(users.role, 'tenant_admin'), eq(users.active, true)))
      .orderBy(users.tenantId, asc(users.createdAt), asc(users.id)),
    planIds.length ? db.select({ id: plans.id, name: plans.name, limits: plans.limits }).from(plans).where(inArray(plans.id, planIds)) : Promise.resolve([]),
  ]);
  const cardsBy = new Map(cardRows.map((r) => [r.tenantId, { total: r.total, activated: r.activated }]));
  const usersBy = new Map(userRows.map((r) => [r.tenantId, r.n]));
  const storesBy = new Map(storeRows.map((r) => [r.tenantId, r.n]));
  const customersBy = new Map(customerRows.map((r) => [r.tenantId, r.n]));
  const ownerBy = new Map(ownerRows.map((r) => [r.tenantId, { email: r.email, firstName: r.firstName, lastName: r.lastName }]));
  const planBy = new Map(planRows.map((p) => [p.id, p]));
  return rows.map((t) => ({
    ...buildTenantView(
      toContext(t),
      { cards: cardsBy.get(t.id) ?? { total: 0, activated: 0 }, users: usersBy.get(t.id) ?? 0, stores: storesBy.get(t.id) ?? 0 },
      t.planId ? (planBy.get(t.planId) ?? null) : null,
      now,
    ),
    owner: ownerBy.get(t.id) ?? null,
    customersCount: customersBy.get(t.id) ?? 0,
  }));
}

/** The operator's view of one tenant; 404 'Tenant not found' for an unknown or malformed id. */
export async function getPlatformTenant(db: DbOrTx, id: string): Promise<PlatformTenant> {
  if (!UUID.test(id)) throw notFound(TENANT_NOT_FOUND);
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  if (!row) throw notFound(TENANT_NOT_FOUND);
  const [view] = await platformTenantViews(db, [row]);
  return view;
}

/** Counts of tenants per status over ALL tenants (contract TenantSummary; the filters do not apply). */
export async function tenantSummary(db: DbOrTx): Promise<TenantSummary> {
  const rows = await db.select({ status: tenants.subscriptionStatus, n: sql<number>`count(*)::int` }).from(tenants).groupBy(tenants.subscriptionStatus);
  const by = new Map(rows.map((r) => [r.status, r.n]));
  return {
    total: rows.reduce((s, r) => s + r.n, 0),
    active: by.get('ACTIVE') ?? 0,
    trialing: by.get('TRIALING') ?? 0,
    pastDue: by.get('PAST_DUE') ?? 0,
    canceled: by.get('CANCELED') ?? 0,
    none: by.get('NONE') ?? 0,
  };
}

/** `%text%` for LIKE with the wildcards of `text` escaped. */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * GET /api/platform/tenants (spec §2 'Platform area' Tenants, §7 'Platform'): the page of
 * tenants, newest first (createdAt, then id), filtered by `status` and by `search` (case-
 * insensitive substring of the name, the slug or the e-mail of any tenant_admin of the
 * tenant); `total` matching tenants, `pages` = ceil(total / limit); `summary` per status over
 * all tenants. Each tenant as `platformTenantViews` builds it.
 */
export async function listPlatformTenants(db: DbOrTx, q: TenantListQuery, now = new Date()): Promise<TenantListResponse> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(tenants.subscriptionStatus, q.status));
  const search = q.search?.trim();
  if (search) {
    const pattern = likeContains(search);
    conds.push(
      or(
        sql`lower(${tenants.name}) like ${pattern}`,
        sql`lower(${tenants.slug}) like ${pattern}`,
        sql`exists (select 1 from ${users} where ${users.tenantId} = ${tenants.id} and ${users.role} = 'tenant_admin' and lower(${users.email}) like ${pattern})`,
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [[{ total }], rows, summary] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(tenants).where(where),
    db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(desc(tenants.createdAt), desc(tenants.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    tenantSummary(db),
  ]);
  return { tenants: await platformTenantViews(db, rows, now), total, pages: Math.ceil(total / q.limit), summary };
}

/**
 * POST /api/platform/tenants (spec §3 'Tenant' create fields, §5 'Tenant create'; decisions.md
 * 'API shape' slugs, 'Accounts', 'Trial, subscription and quota'). In ONE transaction: the
 * tenant TRIALING with trialEndsAt = now + trialDays (platform setting), planId from the
 * setting defaultPlan (`defaultPlanId`), its default cashback and tier rules and 'Main Store'
 * (the same `createTenant` as signup), and its owner, a tenant_admin who can sign in at once
 * (password hashed with argon2id). Errors, nothing written:
 * - 400 SLUG_TEXT (details field 'slug') for a reserved slug (the format is the contract's);
 * - 409 'Slug is already taken';
 * - 409 'An account with this email already exists' (signup's text) when the owner e-mail is
 *   any user's login (staff e-mail is unique across the platform).
 * Writes an audit row 'platform.tenant.create'. Returns the new PlatformTenant.
 */
export async function createPlatformTenant(db: Database, input: CreateTenantRequest, actorId: string | null): Promise<PlatformTenant> {
  const slug = input.slug;
  if (!isValidSlug(slug)) throw badRequest(SLUG_TEXT, [{ field: 'slug', message: SLUG_TEXT }]);
  const email = input.ownerEmail.toLowerCase();
  const slugTaken = () => conflict(SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
  const emailTaken = () => conflict(EMAIL_TAKEN, [{ field: 'ownerEmail', message: 'Email already registered' }]);
  const [slugRow] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
  if (slugRow) throw slugTaken();
  const [emailRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (emailRow) throw emailTaken();
  const passwordHash = await hashPassword(input.ownerPassword);
  try {
    return await db.transaction(async (tx) => {
      const settings = await getPlatformSettings(tx);
      const planId = await defaultPlanId(tx, settings.platform.defaultPlan);
      const tenant = await createTenant(tx, { name: input.name, slug, trialDays: settings.platform.trialDays, planId });
      const [owner] = await tx
        .insert(users)
        .values({ tenantId: tenant.id, email, passwordHash, firstName: input.ownerFirstName, lastName: input.ownerLastName, role: 'tenant_admin' })
        .returning({ id: users.id });
      await writePlatformAudit(tx, {
        actorId,
        action: PLATFORM_AUDIT.tenantCreate,
        entity: 'tenant',
        entityId: tenant.id,
        after: { name: tenant.name, slug: tenant.slug, subscriptionStatus: tenant.subscriptionStatus, planId, ownerId: owner.id, ownerEmail: email },
      });
      const [view] = await platformTenantViews(tx, [tenant]);
      return view;
    });
  } catch (err) {
    // Two operators creating the same slug or owner at once: the loser gets the same 409s.
    if (isUniqueViolation(err, 'tenants_slug_unique')) throw slugTaken();
    if (isUniqueViolation(err, 'users_email_unique')) throw emailTaken();
    throw err;
  }
}

/**
 * PUT /api/platform/tenants/{id} (spec §3 edit fields, §4: the operator may set any status).
 * In one transaction with the tenant row locked: name and subscriptionStatus take effect at
 * once. PAST_DUE sets graceEndsAt = now + 7 days unless a grace in the future is already set;
 * any other status clears graceEndsAt. When the status changes, a subscription_events row
 * 'status_changed' (data `{ from, to, by: 'operator' }`, the tenant's plan) is written; an
 * audit row 'platform.tenant.update' (before/after name, status, graceEndsAt) always.
 * 404 'Tenant not found' for an unknown or malformed id. Returns the PlatformTenant.
 */
export async function updatePlatformTenant(
  db: Database,
  id: string,
  input: UpdateTenantRequest,
  actorId: string | null,
  now = new Date(),
): Promise<PlatformTenant> {
  if (!UUID.test(id)) throw notFound(TENANT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tenants).where(eq(tenants.id, id)).for('update');
    if (!before) throw notFound(TENANT_NOT_FOUND);
    const to = input.subscriptionStatus;
    const graceEndsAt =
      to === 'PAST_DUE'
        ? before.graceEndsAt && before.graceEndsAt.getTime() > now.getTime()
          ? before.graceEndsAt
          : new Date(now.getTime() + GRACE_DAYS * 86_400_000)
        : null;
    const [after] = await tx.update(tenants).set({ name: input.name, subscriptionStatus: to, graceEndsAt }).where(eq(tenants.id, id)).returning();
    if (before.subscriptionStatus !== to) {
      await tx.insert(subscriptionEvents).values({
        tenantId: id,
        tenantName: after.name,
        tenantSlug: after.slug,
        planId: after.planId,
        eventType: 'status_changed',
        data: { from: before.subscriptionStatus, to, by: 'operator' },
      });
    }
    const pick = (t: TenantRow) => ({ name: t.name, slug: t.slug, subscriptionStatus: t.subscriptionStatus, graceEndsAt: t.graceEndsAt?.toISOString() ?? null });
    await writePlatformAudit(tx, { actorId, action: PLATFORM_AUDIT.tenantUpdate, entity: 'tenant', entityId: id, before: pick(before), after: pick(after) });
    const [view] = await platformTenantViews(tx, [after], now);
    return view;
  });
}

/**
 * DELETE /api/platform/tenants/{id} (decisions.md 'Where the spec shows placeholders': tenant
 * delete works after the operator types the slug). In ONE transaction with the tenant row
 * locked: removes the tenant and every row it owns: every table with a tenant_id cascades
 * from tenants (stores, customers, cards, ledger, rollups, counters, rules, offers, invoices,
 * payment methods, card orders, checkout sessions, idempotency keys, its audit rows) and its
 * users with their sessions. payments and subscription_events stay, detached (tenant_id set
 * NULL; their tenant_name is kept) so revenue history survives. A platform_admin user is
 * never deleted: one attached to the tenant is detached first. Writes an audit row
 * 'platform.tenant.delete' (tenant null; name, slug, status in `before`).
 * Errors, nothing deleted: 404 'Tenant not found' (unknown or malformed id); 400 'Type the
 * tenant slug to confirm' when `confirmSlug` is missing or is not the tenant's slug.
 */
export async function deletePlatformTenant(db: Database, id: string, confirmSlug: string | undefined, actorId: string | null): Promise<void> {
  if (!UUID.test(id)) throw notFound(TENANT_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, id)).for('update');
    if (!tenant) throw notFound(TENANT_NOT_FOUND);
    if (confirmSlug?.trim() !== tenant.slug) throw badRequest(CONFIRM_SLUG, [{ field: 'confirmSlug', message: CONFIRM_SLUG }]);
    await tx.update(users).set({ tenantId: null, storeId: null, customerId: null }).where(and(eq(users.tenantId, id), eq(users.role, 'platform_admin')));
    await tx.delete(tenants).where(eq(tenants.id, id));
    await writePlatformAudit(tx, {
      actorId,
      action: PLATFORM_AUDIT.tenantDelete,
      entity: 'tenant',
      entityId: id,
      before: { name: tenant.name, slug: tenant.slug, subscriptionStatus: tenant.subscriptionStatus },
    });
  });
}
