import type { StoreListResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from './client';
import { tenantKeys } from './keys';

/**
 * GET /api/t/{slug}/stores: the tenant's stores.
 * @returns `{ stores: [{ id, name, address (nullable), active, createdAt, _count { users, cards, transactions } }] }`.
 * @throws {ApiError} 401, 403 (a role the server does not let list stores), 404 unknown tenant.
 */
function getStores(slug: string, options?: { signal?: AbortSignal }): Promise<StoreListResponse> {
  return answer(client.GET('/api/t/{slug}/stores', { params: { path: { slug } }, signal: options?.signal }));
}

/** Query options of {@link getStores}; fresh for 60 s (stores rarely change). */
export function storesQueryOptions(slug: string) {
  return queryOptions({
    queryKey: tenantKeys.stores(slug),
    queryFn: ({ signal }) => getStores(slug, { signal }),
    staleTime: 60_000,
  });
}

/** The tenant's stores (Cards: Create Card Batch, Assign Card, Assign Store, Card Details; Staff
 * form; Transactions filter). */
export function useStores(slug: string) {
  return useQuery({ ...storesQueryOptions(slug), enabled: Boolean(slug) });
}
