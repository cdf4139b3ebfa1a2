import type { CardListResponse } from '@loyalty/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { cardsKeys, type CardListParams } from './keys';

/**
 * GET /api/t/{slug}/cards?status=&search=&page=&limit=. Empty filters are left out of the query
 * string.
 * @returns `{ cards, total, pages }`: each card with cardUid, status (UNASSIGNED | ACTIVE |
 *   BLOCKED), `balanceCents` (integer cents), storeId/storeName, qrUrl, createdAt, activatedAt
 *   (ISO strings) and the nested customer (tier, `totalSpendCents`) or null; `total` counts all
 *   matching cards, `pages` the pages of `limit`.
 * @throws {ApiError} 401 signed out, 403 role not allowed, 404 unknown tenant, 400 bad query.
 */
function getCards(slug: string, params: CardListParams, options?: { signal?: AbortSignal }): Promise<CardListResponse> {
  const query = { status: params.status || undefined, search: params.search?.trim() || undefined, page: params.page, limit: params.limit };
  return answer(client.GET('/api/t/{slug}/cards', { params: { path: { slug }, query }, signal: options?.signal }));
}

/** Query options of {@link getCards}. */
function cardsQueryOptions(slug: string, params: CardListParams) {
  return queryOptions({
    queryKey: cardsKeys.list(slug, params),
    queryFn: ({ signal }) => getCards(slug, params, { signal }),
  });
}

/**
 * The card list of the Cards Management page. While a new filter or page loads, the previous
 * answer stays on screen (`isPlaceholderData` is then true) instead of flashing the skeleton.
 */
export function useCards(slug: string, params: CardListParams) {
  return useQuery({ ...cardsQueryOptions(slug, params), enabled: Boolean(slug), placeholderData: keepPreviousData });
}
