import { SubscriptionStatus, type AnalyticsTimeframe, type PlatformAnalytics, type SubscriptionAnalytics } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { DAY_MS, utcDayStart, utcMonthStart } from '../../lib/time.ts';
import {
  latestPayments,
  latestSubscriptionEvents,
  revenueByDaySince,
  revenueByMonthSince,
  revenueSince,
  subscriptionsCreatedSince,
  topPlansSince,
} from '../billing/index.ts';
import { activeTenantCount, tenantsByStatus, tenantsCreatedByMonth } from '../tenants/index.ts';
import { trend } from './stats.ts';

/** Days in each analytics timeframe (docs/product.md 'Reports'). */
export const TIMEFRAME_DAYS: Record<AnalyticsTimeframe, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** Most rows of subscriptionEvents and recentPayments (contract SubscriptionAnalytics). */
const ANALYTICS_LIST_LIMIT = 50;

/**
 * The window of a timeframe: the last N whole UTC days including today, i.e. from 00:00 UTC
 * of day (today − N + 1) up to now. `days` lists those days as 'YYYY-MM-DD', oldest first.
 */
export function timeframeWindow(timeframe: AnalyticsTimeframe, now: Date): { from: Date; days: string[] } {
  const n = TIMEFRAME_DAYS[timeframe];
  const from = new Date(utcDayStart(now).getTime() - (n - 1) * DAY_MS);
  const days = Array.from({ length: n }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  return { from, days };
}

/**
 * GET /api/admin/analytics/subscriptions?timeframe= (docs/product.md 'Reports';
 * docs/product.md 'Payments': stored locally, so this works without Stripe). Over
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
export async function getSubscriptionAnalytics(db: DbOrTx, timeframe: AnalyticsTimeframe, now: Date): Promise<SubscriptionAnalytics> {
  const { from, days } = timeframeWindow(timeframe, now);
  const [totalRevenue, totalSubscriptions, activeSubscriptions, dayMap, top, events, recent] = await Promise.all([
    revenueSince(db, from),
    subscriptionsCreatedSince(db, from),
    activeTenantCount(db),
    revenueByDaySince(db, from),
    topPlansSince(db, from),
    latestSubscriptionEvents(db, ANALYTICS_LIST_LIMIT, from),
    latestPayments(db, ANALYTICS_LIST_LIMIT, from),
  ]);
  return {
    timeframe,
    totalRevenue,
    totalSubscriptions,
    activeSubscriptions,
    revenueByDay: days.map((date) => ({ date, revenue: dayMap.get(date) ?? 0 })),
    topPlans: top.map((p) => ({ planId: p.planId, plan: { name: p.name }, amount: p.amount, count: p.count })),
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
      amount: p.amountCents,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

/**
 * GET /api/platform/analytics (the Analytics screen: charts and growth from real data):
 * - revenueByMonth: revenue (cents, refunds subtract) of each of the last 12 UTC calendar
 *   months including the current one, oldest first, 'YYYY-MM';
 * - tenantsByMonth: tenants created in each of those months;
 * - tenantsByStatus: every status (NONE, TRIALING, ACTIVE, PAST_DUE, CANCELED) with its count now;
 * - monthlyGrowth: new tenants this UTC month against last month, % with one decimal, null
 *   when last month had none.
 */
export async function getPlatformAnalytics(db: DbOrTx, now: Date): Promise<PlatformAnalytics> {
  const first = utcMonthStart(now, -11);
  const months = Array.from({ length: 12 }, (_, i) =>
    utcMonthStart(now, i - 11)
      .toISOString()
      .slice(0, 7),
  );
  const [revBy, newBy, statusBy] = await Promise.all([
    revenueByMonthSince(db, first),
    tenantsCreatedByMonth(db, utcMonthStart(now, -12), utcMonthStart(now, 1)),
    tenantsByStatus(db),
  ]);
  const lastMonth = utcMonthStart(now, -1).toISOString().slice(0, 7);
  return {
    revenueByMonth: months.map((month) => ({ month, revenue: revBy.get(month) ?? 0 })),
    tenantsByMonth: months.map((month) => ({ month, count: newBy.get(month) ?? 0 })),
    tenantsByStatus: SubscriptionStatus.options.map((status) => ({ status, count: statusBy.get(status) ?? 0 })),
    monthlyGrowth: trend(newBy.get(months[11]) ?? 0, newBy.get(lastMonth) ?? 0),
  };
}
