import type { PlatformStats } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { platformKeys } from './keys';

/**
 * GET /api/platform/stats (dashboard; platform_admin only).
 * @returns `{ totalTenants, activeTenants, totalStores, totalCustomers, totalRevenue,
 *   monthlyRevenue, trends }`: counts as integers; `activeTenants` counts ACTIVE plus TRIALING;
 *   `totalRevenue` (all recorded payments, refunds subtracted) and `monthlyRevenue` (this UTC
 *   calendar month) in integer cents. `trends.<figure>` is the percentage change (one decimal)
 *   of this period against the previous one (new tenants / customers / stores: last 30 days
 *   against the 30 before; revenue: this month against last), or null when there is nothing to
 *   compare with (real trends).
 * @throws {ApiError} 401 signed out, 403 not platform_admin. The screen shows 'Failed to load
 *   platform statistics' with the server's message and a retry.
 */
function getPlatformStats(options?: { signal?: AbortSignal }): Promise<PlatformStats> {
  return answer(client.GET('/api/platform/stats', { signal: options?.signal }));
}

/** Query options of {@link getPlatformStats}; fresh for 30 s. */
function platformStatsQueryOptions() {
  return queryOptions({
    queryKey: platformKeys.stats(),
    queryFn: ({ signal }) => getPlatformStats({ signal }),
    staleTime: 30_000,
  });
}

/** The platform figures of the operator's dashboard (TanStack Query). */
export function usePlatformStats() {
  return useQuery(platformStatsQueryOptions());
}
