import type { AnalyticsTimeframe } from '@loyalty/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { isApiError } from '@/lib/api';

/**
 * Query keys of the operator's analytics screens. Kept in this file (not in `./keys.ts`, owned
 * by the platform layout work) so the two never clash; everything platform lives under `['platform']`.
 */
const platformAnalyticsKeys = {
  platform: ['platform', 'analytics'] as const,
  subscriptions: (timeframe: AnalyticsTimeframe) => ['platform', 'subscription-analytics', timeframe] as const,
};

/** The timeframes of Subscription Analytics, in menu order; 30d is the default. */
export const TIMEFRAMES: readonly AnalyticsTimeframe[] = ['7d', '30d', '90d', '1y'];
export const DEFAULT_TIMEFRAME: AnalyticsTimeframe = '30d';

/**
 * The console text of a failed subscription-analytics call ("logged only"):
 * 404 'Analytics endpoint not found. …', 401 'You need to be logged in as a platform admin …',
 * 403 'Access denied. Platform admin privileges required.', otherwise 'HTTP {status}: {statusText}'
 * (the client's generic text; the server's own message when it sent one).
 */
function analyticsStatusText(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  switch (error.status) {
    case 404:
      return 'Analytics endpoint not found. Please check if the admin routes are properly configured.';
    case 401:
      return 'You need to be logged in as a platform admin to access analytics.';
    case 403:
      return 'Access denied. Platform admin privileges required.';
    case 0:
      return error.message;
    default:
      return error.message.startsWith('HTTP ') ? error.message : `HTTP ${error.status}: ${error.message}`;
  }
}

/**
 * GET /api/admin/analytics/subscriptions?timeframe={7d|30d|90d|1y} → `SubscriptionAnalytics`:
 * totalRevenue (cents, paid payments in the timeframe), totalSubscriptions ('created' events in
 * it), activeSubscriptions (tenants ACTIVE now), revenueByDay (each UTC day of the timeframe,
 * cents), topPlans (≤ 3 by summed amount, cents), subscriptionEvents and recentPayments (newest
 * first, ≤ 50). The previous timeframe's figures stay on screen while another loads. A failure is
 * logged to the console with status text ({@link analyticsStatusText}) and shown as 'Failed to load
 * analytics data'.
 * @throws {ApiError} 401 signed out, 403 not platform_admin, 400 unknown timeframe.
 */
export function useSubscriptionAnalytics(timeframe: AnalyticsTimeframe) {
  return useQuery({
    queryKey: platformAnalyticsKeys.subscriptions(timeframe),
    queryFn: async ({ signal }) => {
      try {
        return await answer(client.GET('/api/admin/analytics/subscriptions', { params: { query: { timeframe } }, signal }));
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('Error fetching analytics:', analyticsStatusText(error));
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/platform/analytics → `PlatformAnalytics` (the Analytics screen: real charts and
 * growth): revenueByMonth (cents) and tenantsByMonth for each of the last 12 UTC months, oldest
 * first ('YYYY-MM'), tenantsByStatus now, monthlyGrowth = new tenants this month against last month
 * in percent, or null when last month had none. Failure: 'Failed to load analytics data'.
 * @throws {ApiError} 401 signed out, 403 not platform_admin.
 */
export function usePlatformAnalytics() {
  return useQuery({
    queryKey: platformAnalyticsKeys.platform,
    queryFn: ({ signal }) => answer(client.GET('/api/platform/analytics', { signal })),
  });
}
