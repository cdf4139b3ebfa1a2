import type { PlatformLiabilitySort } from '@loyalty/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/** Sort of the operator's liability table: a column and a direction. */
export interface PlatformLiabilityOrder {
  sort: PlatformLiabilitySort;
  order: 'asc' | 'desc';
}

/** Query key of the operator's liability report (kept here, under the platform root `['platform']`). */
const platformLiabilityKey = (o: PlatformLiabilityOrder) => ['platform', 'liability', o] as const;

/**
 * GET /api/platform/reports/liability?sort=&order= → `PlatformLiabilityReport`:
 * every tenant's outstanding (cents, now) and its last 30 UTC days' movements, sorted by the
 * server, and the platform totals. The previous order stays on screen while another loads.
 * @throws {ApiError} 400 bad sort, 401, 403 not platform_admin.
 */
export function usePlatformLiability(o: PlatformLiabilityOrder) {
  return useQuery({
    queryKey: platformLiabilityKey(o),
    queryFn: ({ signal }) => answer(client.GET('/api/platform/reports/liability', { params: { query: { sort: o.sort, order: o.order } }, signal })),
    placeholderData: keepPreviousData,
  });
}
