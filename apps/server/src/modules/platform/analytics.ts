import { and, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { SubscriptionStatus, type AnalyticsTimeframe, type PlatformAnalytics, type SubscriptionAnalytics } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { payments, plans, subscriptionEvents, tenants } from '../../db/schema/index.ts';
import { isRevenue, trend, utcMonthStart } from './stats.ts';

const DAY_MS = 86_400_000;

/** Days in each analytics timeframe (spec §2 'Subscription Analytics', §9). */
export const TIMEFRAME_DAYS: Record<AnalyticsTimeframe, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** Most rows of subscriptionEvents and recentPayments (contract SubscriptionAnalytics). */
export const ANALYTICS_LIST_LIMIT = 50;

/**
 * The window of a timeframe: the last N whole UTC days including today, i.e. from 00:00 UTC
 * of day (today − N + 1) up to now. `days` lists those days as 'YYYY-MM-DD', oldest first.
 */
export function timeframeWindow(timeframe: AnalyticsTimeframe, now = new Date()): { from: Date; days: string[] } {
  const n = TIMEFRAME_DAYS[timeframe];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (n - 1) * DAY_MS);
  const days = Array.from({ length: n }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  return { from, days };
}

/**
 * GET /api/admin/analytics/subscriptions?timeframe= (spec §2 'Subscription Analytics', §3
 * 'Analytics'; decisions.md 'Payments': stored locally, so this works without Stripe). Over
 * the window of `timeframeWindow` (7d, 30d, 90d or 1y):
 * - totalRevenue: revenue payments in the window, cents ('paid' rows; refunds, stored as
 *   negative 'refunded' rows, subtract);
 * - totalSubscriptions: subscription_events of type 'created' in the window;
 * - activeSubscriptions: tenants ACTIVE now (not bound to the window);
 * - revenueByDay: every UTC day of the window, oldest first, with its revenue in cents (0 when
 *   none);
 * - topPlans: at most 3 plans by summed revenue in the window (payments carrying a plan),
 *   with the number of those payments, highest amount first;
 * - subscriptionEvents and recentPayments: rows of the window, newest first, at most 50; a
 *   deleted tenant's rows keep its name (and slug for events); plan null when it has none.
 */
export async function getSubscriptionAnalytics(db: DbOrTx, timeframe: AnalyticsTimeframe, now = new Date()): Promise<SubscriptionAnalytics> {
  const { from, days } = timeframeWindow(timeframe, now);
  const paymentsInWindow = gte(payments.createdAt, from);
  const eventsInWindow = gte(subscriptionEvents.createdAt, from);
  const dayOf = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [[revenue], [subs], [active], byDay, top, events, recent] = await Promise.all([
    db.select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)::bigint` }).from(payments).where(and(isRevenue(), paymentsInWindow)),
    db.select({ n: sql<number>`count(*)::int` }).from(subscriptionEvents).where(and(eventsInWindow, eq(subscriptionEvents.eventType, 'created'))),
    db.select({ n: sql<number>`count(*)::int` }).from(tenants).where(eq(tenants.subscriptionStatus, 'ACTIVE')),
    db
      .select({ day: dayOf, revenue: sql<string>`sum(${payments.amountCents})::bigint` })
      .from(payments)
      .where(and(isRevenue(), paymentsInWindow))
      .groupBy(dayOf),
    db
      .select({ planId: plans.id, name: plans.name, amount: sql<string>`sum(${payments.amountCents})::bigint`, count: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(plans, eq(plans.id, payments.planId))
      .where(and(isRevenue(), paymentsInWindow, isNotNull(payments.planId)))
      .groupBy(plans.id, plans.name)
      .orderBy(desc(sql`sum(${payments.amountCents})`), desc(sql`count(*)`), plans.name)
      .limit(3),
    db
      .select({
        id: subscriptionEvents.id,
        eventType: subscriptionEvents.eventType,
        tenantName: subscriptionEvents.tenantName,
        tenantSlug: subscriptionEvents.tenantSlug,
        planName: plans.name,
        planPrice: plans.priceMonthlyCents,
        createdAt: subscriptionEvents.createdAt,
      })
      .from(subscriptionEvents)
      .leftJoin(plans, eq(plans.id, subscriptionEvents.planId))
      .where(eventsInWindow)
      .orderBy(desc(subscriptionEvents.createdAt), desc(subscriptionEvents.id))
      .limit(ANALYTICS_LIST_LIMIT),
    db
      .select({
        id: payments.id,
        tenantName: payments.tenantName,
        planName: plans.name,
        amount: payments.amountCents,
        status: payments.status,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .leftJoin(plans, eq(plans.id, payments.planId))
      .where(paymentsInWindow)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(ANALYTICS_LIST_LIMIT),
  ]);
  const dayMap = new Map(byDay.map((r) => [r.day, Number(r.revenue)]));
  return {
    timeframe,
    totalRevenue: Number(revenue?.total ?? 0),
    totalSubscriptions: subs?.n ?? 0,
    activeSubscriptions: active?.n ?? 0,
    revenueByDay: days.map((date) => ({ date, revenue: dayMap.get(date) ?? 0 })),
    topPlans: top.map((p) => ({ planId: p.planId, plan: { name: p.name }, amount: Number(p.amount), count: p.count })),
    subscriptionEvents: events.map((e) => ({
      id: e.id,
      eventType: e.eventType,
      tenant: { name: e.tenantName, slug: e.tenantSlug },
      plan: e.planName !== null && e.planPrice !== null ? { name: e.planName, priceMonthly: e.planPrice } : null,
      createdAt: e.createdAt.toISOString(),
    })),
    recentPayments: recent.map((p) => ({
      id: p.id,
      tenant: { name: p.tenantName },
      plan: p.planName !== null ? { name: p.planName } : null,
      amount: p.amount,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

/**
 * GET /api/platform/analytics (the Analytics screen; decisions.md: real charts and growth):
 * - revenueByMonth: revenue (cents, refunds subtract) of each of the last 12 UTC calendar
 *   months including the current one, oldest first, 'YYYY-MM';
 * - tenantsByMonth: tenants created in each of those months;
 * - tenantsByStatus: every status (NONE, TRIALING, ACTIVE, PAST_DUE, CANCELED) with its count now;
 * - monthlyGrowth: new tenants this UTC month against last month, % with one decimal, null
 *   when last month had none.
 */
export async function getPlatformAnalytics(db: DbOrTx, now = new Date()): Promise<PlatformAnalytics> {
  const first = utcMonthStart(now, -11);
  const months = Array.from({ length: 12 }, (_, i) => utcMonthStart(now, i - 11).toISOString().slice(0, 7));
  const payMonth = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const tenantMonth = sql<string>`to_char(${tenants.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const [rev, created, statuses] = await Promise.all([
    db
      .select({ month: payMonth, revenue: sql<string>`sum(${payments.amountCents})::bigint` })
      .from(payments)
      .where(and(isRevenue(), gte(payments.createdAt, first)))
      .groupBy(payMonth),
    db
      .select({ month: tenantMonth, n: sql<number>`count(*)::int` })
      .from(tenants)
      .where(and(gte(tenants.createdAt, utcMonthStart(now, -12)), lt(tenants.createdAt, utcMonthStart(now, 1))))
      .groupBy(tenantMonth),
    db.select({ status: tenants.subscriptionStatus, n: sql<number>`count(*)::int` }).from(tenants).groupBy(tenants.subscriptionStatus),
  ]);
  const revBy = new Map(rev.map((r) => [r.month, Number(r.revenue)]));
  const newBy = new Map(created.map((r) => [r.month, r.n]));
  const statusBy = new Map(statuses.map((r) => [r.status, r.n]));
  const lastMonth = utcMonthStart(now, -1).toISOString().slice(0, 7);
  return {
    revenueByMonth: months.map((month) => ({ month, revenue: revBy.get(month) ?? 0 })),
    tenantsByMonth: months.map((month) => ({ month, count: newBy.get(month) ?? 0 })),
    tenantsByStatus: SubscriptionStatus.options.map((status) => ({ status, count: statusBy.get(status) ?? 0 })),
    monthlyGrowth: trend(newBy.get(months[11]) ?? 0, newBy.get(lastMonth) ?? 0),
  };
}
