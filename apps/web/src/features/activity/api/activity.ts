import { AuditAction } from '@loyalty/contract';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { requestFile } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';
import { activityKeys, activityPath, filterQuery, type ActivityFilters } from './keys';

/** Events per page of the Activity lists. */
const ACTIVITY_PAGE_SIZE = 50;

/**
 * The filters as the list's query parameters: empty ones left out, an action that is not one of
 * the audit kinds dropped (the address is editable; the server would answer 400).
 */
function listQuery(filters: ActivityFilters, cursor: string) {
  const action = AuditAction.safeParse(filters.action);
  return {
    actor: filters.actor || undefined,
    action: action.success ? action.data : undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    limit: ACTIVITY_PAGE_SIZE,
    cursor: cursor || undefined,
  };
}

/**
 * GET /api/t/{slug}/activity?actor=&action=&from=&to=&cursor=&limit=50 (tenant_admin;
 * docs/security.md 'Audit trail'): the tenant's audit events, newest first, 50 a page; 'Load
 * more' fetches the next page with the previous page's `nextCursor`.
 * @returns an infinite query whose pages are `{ items: AuditEvent[], nextCursor }` (money in
 *   before/after in integer cents, times ISO-8601).
 * @throws via `query.error` {ApiError} 400 bad filter, 401, 403 not a tenant admin, 404 unknown tenant.
 */
export function useActivity(slug: string, filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: activityKeys.tenant(slug, filters),
    queryFn: ({ pageParam, signal }) =>
      answer(client.GET('/api/t/{slug}/activity', { params: { path: { slug }, query: listQuery(filters, pageParam) }, signal })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * GET /api/platform/activity?tenant=&actor=&action=&from=&to=&cursor=&limit=50 (platform_admin):
 * audit events of every tenant and of the platform, newest first; each names its tenant.
 * @returns an infinite query of `{ items, nextCursor }` pages (the response's dashboard feed is ignored).
 * @throws via `query.error` {ApiError} 400 bad filter, 404 unknown tenant slug, 401, 403.
 */
export function usePlatformActivity(filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: activityKeys.platform(filters),
    queryFn: ({ pageParam, signal }) =>
      answer(client.GET('/api/platform/activity', { params: { query: { tenant: filters.tenant || undefined, ...listQuery(filters, pageParam) } }, signal })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One choice of the actor filter: a staff member or an API key. */
export interface ActorOption {
  id: string;
  label: string;
}

/**
 * The actor filter's choices: the tenant's staff (GET /users) and API keys (GET /api-keys),
 * staff first. Tenant_admin only, like the page.
 * @returns a query of ActorOption[] ('First Last' for people, 'API key: name' for keys).
 */
export function useActorOptions(slug: string) {
  return useQuery({
    queryKey: activityKeys.actors(slug),
    queryFn: async ({ signal }): Promise<ActorOption[]> => {
      const [staff, keys] = await Promise.all([
        answer(client.GET('/api/t/{slug}/users', { params: { path: { slug } }, signal })),
        answer(client.GET('/api/t/{slug}/api-keys', { params: { path: { slug } }, signal })),
      ]);
      return [
        ...staff.users.map((u) => ({ id: u.id, label: `${u.firstName} ${u.lastName}` })),
        ...keys.keys.map((k) => ({ id: k.id, label: `API key: ${k.name}` })),
      ];
    },
  });
}

/**
 * GET /api/t/{slug}/activity.csv?actor=&action=&from=&to= → saved as activity.csv: every
 * matching event (time UTC, action, actor, address, before/after as JSON).
 * @throws {ApiError} 400 bad filter, 401, 403, 404; kept in the mutation's `error`.
 */
export function useExportActivity(slug: string) {
  return useMutation({
    mutationFn: async (filters: ActivityFilters) => {
      const query = filterQuery(filters);
      const { blob, filename } = await requestFile('GET', `${activityPath(slug)}.csv${query ? `?${query}` : ''}`);
      saveBlob(blob, filename ?? 'activity.csv');
    },
    onError: (error) => console.error('Failed to export the activity:', error),
  });
}
