import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments, subscriptionEvents } from '../../db/schema/index.ts';
import { planSummaries } from '../tenants/index.ts';
import { tenantLabels } from '../tenants/index.ts';

/** The platform's revenue and subscription figures for the operator's dashboard and analytics, net cents. */

/**
 * Payment statuses that count as platform revenue: 'paid' rows (positive cents) and
 * 'refunded' rows (negative cents, card-order refunds), so refunds subtract. Pending or failed
 * payments never count.
 */
const REVENUE_STATUSES = ['paid', 'refunded'] as const;

/** SQL condition: the payment counts as revenue (REVENUE_STATUSES). */
const isRevenue = (): SQL => inArray(payments.status, [...REVENUE_STATUSES]);

/** Net revenue in cents over [from, to). */
function revenueBetween(from: Date, to: Date): SQL<number> {
  return sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${and(gte(payments.createdAt, from), lt(payments.createdAt, to))}), 0)::bigint`;
}

/**
 * The platform dashboard's revenue figures, net cents (the operator's dashboard): all time,
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
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)::bigint` })
    .from(payments)
    .where(and(isRevenue(), gte(payments.createdAt, from)));
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
