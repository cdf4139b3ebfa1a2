import { z } from 'zod';
import { SubscriptionStatus } from './enums.ts';

/** The operator's subscription and platform analytics (Analytics screens under /platform). */

/** GET /api/admin/analytics/subscriptions?timeframe= (default 30d). */
export const AnalyticsTimeframe = z.enum(['7d', '30d', '90d', '1y']);
export type AnalyticsTimeframe = z.infer<typeof AnalyticsTimeframe>;
export const SubscriptionAnalyticsQuery = z.object({ timeframe: AnalyticsTimeframe.default('30d') });

/**
 * The subscription analytics of the timeframe: totalRevenue (cents, paid
 * payments in the timeframe), totalSubscriptions ('created' events in it), activeSubscriptions
 * (tenants ACTIVE now), revenueByDay (every UTC day of the timeframe, cents), topPlans (≤ 3 by
 * amount), subscriptionEvents and recentPayments (newest first, ≤ 50).
 */
export const SubscriptionAnalytics = z.object({
  timeframe: AnalyticsTimeframe,
  /** Net revenue of the timeframe, integer cents (a name kept from the first API; money fields added since end in Cents). */
  totalRevenue: z.number().int(),
  totalSubscriptions: z.number().int(),
  activeSubscriptions: z.number().int(),
  /** `revenue`: the day's net revenue, integer cents (a name kept from the first API; money fields added since end in Cents). */
  revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number().int() })),
  /** `amount`: the plan's summed net revenue, integer cents (a name kept from the first API; money fields added since end in Cents). */
  topPlans: z.array(z.object({ planId: z.string(), plan: z.object({ name: z.string() }), amount: z.number().int(), count: z.number().int() })),
  subscriptionEvents: z.array(
    z.object({
      id: z.string(),
      eventType: z.string(),
      tenant: z.object({ name: z.string(), slug: z.string() }),
      /** The plan; `priceMonthly` in integer cents (a name kept from the first API; money fields added since end in Cents). */
      plan: z.object({ name: z.string(), priceMonthly: z.number().int() }).nullable(),
      createdAt: z.string(),
    }),
  ),
  recentPayments: z.array(
    z.object({
      id: z.string(),
      tenant: z.object({ name: z.string() }),
      plan: z.object({ name: z.string() }).nullable(),
      /** The payment, integer cents, negative for a refund (a name kept from the first API; money fields added since end in Cents). */
      amount: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SubscriptionAnalytics = z.infer<typeof SubscriptionAnalytics>;

/**
 * GET /api/platform/analytics (the Analytics screen: real charts and growth):
 * revenue and new tenants for each of the last 12 UTC months (oldest first, 'YYYY-MM'), the
 * tenants per status now, and monthlyGrowth = new tenants this month against last month (%).
 */
export const PlatformAnalytics = z.object({
  /**
   * `revenue`: the month's net revenue, integer cents. Not a spec name (the spec names only
   * the subscription analytics' revenueByDay); it keeps that field's `revenue` so both charts
   * read the same shape. Added in, before the issue-13 rule that new money fields end
   * in Cents.
   */
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number().int() })),
  tenantsByMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
  tenantsByStatus: z.array(z.object({ status: SubscriptionStatus, count: z.number().int() })),
  monthlyGrowth: z.number().nullable(),
});
export type PlatformAnalytics = z.infer<typeof PlatformAnalytics>;
