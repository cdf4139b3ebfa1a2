import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SubscriptionStatus, TenantSummary } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';
import type { TenantAccount } from './lock-tenant.ts';

/** The operator's tenant list and the platform dashboard's tenant counts (no lock). */

/**
 * One page of tenants for the operator's list, newest first (created_at
 * desc, id desc), optionally with status `status` and matching `search`: the name or slug
 * contains the text (case-insensitive, wildcards literal) or the tenant's id is one of
 * `alsoMatchingIds`, the ids of tenants that match otherwise (the owner's e-mail, which the
 * users module answers as values; ADR 0036). Returns the rows and the total of matches.
 */
export async function listTenantsPage(
  db: DbOrTx,
  q: { status?: SubscriptionStatus; search?: string; alsoMatchingIds?: readonly string[]; page: number; limit: number },
): Promise<{ rows: TenantAccount[]; total: number }> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(tenants.subscriptionStatus, q.status));
  const search = q.search?.trim();
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    const terms = [sql`lower(${tenants.name}) like ${pattern}`, sql`lower(${tenants.slug}) like ${pattern}`];
    if (q.alsoMatchingIds?.length) terms.push(inArray(tenants.id, [...q.alsoMatchingIds]));
    conds.push(or(...terms)!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [[{ total }], rows] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tenants)
      .where(where),
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
  const rows = await db
    .select({ status: tenants.subscriptionStatus, n: sql<number>`count(*)::int` })
    .from(tenants)
    .groupBy(tenants.subscriptionStatus);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** Number of ACTIVE tenants. */
export async function activeTenantCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tenants)
    .where(eq(tenants.subscriptionStatus, 'ACTIVE'));
  return row?.n ?? 0;
}

/**
 * The platform dashboard's tenant figures: `total` tenants,
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
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tenants)
    .where(eq(tenants.planId, planId));
  return row?.n ?? 0;
}
