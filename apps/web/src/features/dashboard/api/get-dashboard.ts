import type { DashboardResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';

/**
 * Query key of the dashboard report. The POS earn/redeem mutations and the card changes
 * invalidate `['tenants', slug, 'dashboard']`, so the tiles refresh after a movement.
 */
const dashboardKeys = {
  dashboard: tenantKeys.dashboard,
};

/**
 * GET /api/t/{slug}/reports/dashboard (real trends).
 * @returns `{ stats, trends, recentTransactions }`: stats totalCustomers, totalCards,
 *   activeCards, totalTransactions, activeOffers (counts) and totalCashbackIssued,
 *   totalCashbackRedeemed (integer cents); for each figure a trend `{ thisMonth, lastMonth,
 *   changePct }` (this calendar month, UTC, against the last; changePct a percentage with 1
 *   decimal, null when last month had nothing); the 5 newest ledger rows.
 * @throws {ApiError} 401 signed out, 403 role not allowed (customer), 404 unknown tenant.
 */
function getDashboard(slug: string, options?: { signal?: AbortSignal }): Promise<DashboardResponse> {
  return answer(client.GET('/api/t/{slug}/reports/dashboard', { params: { path: { slug } }, signal: options?.signal }));
}

/** Query options of {@link getDashboard}; fresh for 30 s. */
function dashboardQueryOptions(slug: string) {
  return queryOptions({
    queryKey: dashboardKeys.dashboard(slug),
    queryFn: ({ signal }) => getDashboard(slug, { signal }),
    staleTime: 30_000,
  });
}

/** The dashboard's figures, trends and recent transactions (tenant_admin and cashier). */
export function useDashboard(slug: string) {
  return useQuery({ ...dashboardQueryOptions(slug), enabled: Boolean(slug) });
}
