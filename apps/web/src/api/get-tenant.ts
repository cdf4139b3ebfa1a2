import type { TenantResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { withOfflineFallback } from '@/lib/offline/answers';
import { answer, client } from './client';
import { tenantKeys } from './keys';

/**
 * GET /api/t/{slug}/tenant: the tenant with its subscription facts: subscriptionStatus,
 * subscriptionInfo (card limit/used/remaining), trialEndsAt and graceEndsAt (ISO strings or null),
 * `canTransact` (the POS gate) and `subscriptionRequired` (docs/product.md 'Subscription gates').
 * @throws {ApiError} 401 signed out, 404 unknown tenant or another tenant's slug.
 */
function getTenant(slug: string, options?: { signal?: AbortSignal }): Promise<TenantResponse> {
  return answer(client.GET('/api/t/{slug}/tenant', { params: { path: { slug } }, signal: options?.signal }));
}

/**
 * Query options of {@link getTenant}; fresh for 30 s. With no connection the last answer this
 * browser kept stands in (docs/product.md 'Offline till': the tenant area and the POS start
 * offline), so the query runs whatever the browser thinks of its connection.
 */
export function tenantQueryOptions(slug: string) {
  return queryOptions({
    queryKey: tenantKeys.tenant(slug),
    queryFn: ({ signal }) => withOfflineFallback(slug, 'tenant', () => getTenant(slug, { signal })),
    staleTime: 30_000,
    networkMode: 'always',
  });
}

/**
 * The tenant of the current `/t/{slug}` area (TanStack Query). Used by the tenant layout
 * (badge, greyed menu items), the POS (transaction gate), the cards and billing screens and
 * the dashboard banners. Disabled when slug is empty.
 */
export function useTenant(slug: string | undefined) {
  return useQuery({ ...tenantQueryOptions(slug ?? ''), enabled: Boolean(slug) });
}
