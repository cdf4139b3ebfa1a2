import type { StaffListResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { staffKeys } from './keys';

/**
 * GET /api/t/{slug}/users: the tenant's staff (not its customers), sorted by name.
 * @returns `{ users: [{ id, email, firstName, lastName, role, storeId, store { name } | null,
 *   active, invited (a pending invitation), lastLogin (ISO or null), createdAt }] }`.
 * @throws {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant. The page shows
 *   'Failed to load staff data. Please refresh the page.'.
 */
function getStaff(slug: string, options?: { signal?: AbortSignal }): Promise<StaffListResponse> {
  return answer(client.GET('/api/t/{slug}/users', { params: { path: { slug } }, signal: options?.signal }));
}

/** Query options of {@link getStaff}; fresh for 30 s. */
function staffQueryOptions(slug: string) {
  return queryOptions({
    queryKey: staffKeys.all(slug),
    queryFn: ({ signal }) => getStaff(slug, { signal }),
    staleTime: 30_000,
  });
}

/** The tenant's staff for the Staff Management table. */
export function useStaff(slug: string) {
  return useQuery({ ...staffQueryOptions(slug), enabled: Boolean(slug) });
}
