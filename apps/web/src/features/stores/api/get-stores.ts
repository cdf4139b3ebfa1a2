import { useQuery } from '@tanstack/react-query';
import { storesQueryOptions } from '@/api/get-stores';

/**
 * The Stores page's list: GET /api/t/{slug}/stores through the Cards feature's query (same key, so
 * a change here shows on the Cards page and back). Refetched every time the page opens, so that the
 * staff, card and transaction counts are current even while the shared cache is still fresh.
 * @returns the TanStack query of `{ stores: StoreItem[] }` (sorted by name by the server).
 * @throws via `query.error` {ApiError} 401 signed out, 403 not allowed, 404 unknown tenant.
 */
export function useStoreList(slug: string) {
  return useQuery({ ...storesQueryOptions(slug), enabled: Boolean(slug), refetchOnMount: 'always' });
}
