import type { ActivityResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { platformKeys } from './keys';

/** Entries of the dashboard's Recent Activity list. */
const RECENT_ACTIVITY_LIMIT = 10;

/**
 * GET /api/platform/activity?limit= (Recent Activity: real entries from tenants, subscription
 * events and payments; platform_admin only).
 * @param limit 1–50 (server default 10).
 * @returns `{ activity }`, newest first: each `{ id, kind, title, detail, tenantName,
 *   tenantSlug, createdAt }` where kind is tenant_created | subscription | payment |
 *   tenant_updated | tenant_deleted | plan_changed, tenantName/tenantSlug are null when the
 *   entry concerns no (remaining) tenant, and createdAt is ISO-8601. `detail` is display text
 *   (amounts in it are already formatted by the server).
 * @throws {ApiError} 400 bad limit, 401 signed out, 403 not platform_admin.
 */
function getPlatformActivity(limit = RECENT_ACTIVITY_LIMIT, options?: { signal?: AbortSignal }): Promise<ActivityResponse> {
  return answer(client.GET('/api/platform/activity', { params: { query: { limit } }, signal: options?.signal }));
}

/** Query options of {@link getPlatformActivity}; fresh for 30 s. */
function platformActivityQueryOptions(limit = RECENT_ACTIVITY_LIMIT) {
  return queryOptions({
    queryKey: platformKeys.activity(limit),
    queryFn: ({ signal }) => getPlatformActivity(limit, { signal }),
    staleTime: 30_000,
  });
}

/** The Recent Activity list of the operator's dashboard (TanStack Query). */
export function usePlatformActivity(limit = RECENT_ACTIVITY_LIMIT) {
  return useQuery(platformActivityQueryOptions(limit));
}
