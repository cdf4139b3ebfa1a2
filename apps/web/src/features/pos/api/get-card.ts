import type { CardResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';

/** Query keys of cards: ['tenants', slug, 'cards', cardUid]. */
export const cardKeys = {
  all: tenantKeys.cards,
  card: (slug: string, cardUid: string) => [...tenantKeys.cards(slug), cardUid] as const,
};

/**
 * GET /api/t/{slug}/cards/{cardUid} (POS lookup). `cardUid` must already be
 * normalised with `normalizeCardUid` (docs/product.md 'Cards').
 * @returns the card: status, `balanceCents` (integer cents), store, nested customer (tier,
 *   `totalSpendCents`) or null when unassigned.
 * @throws {ApiError} 404 'Card not found' (also for another tenant's card), 401, 403.
 */
function getCard(slug: string, cardUid: string, options?: { signal?: AbortSignal }): Promise<CardResponse> {
  return answer(client.GET('/api/t/{slug}/cards/{cardUid}', { params: { path: { slug, cardUid } }, signal: options?.signal }));
}

/** Query options of {@link getCard}: no retry (a 404 is an answer, not a glitch). */
function cardQueryOptions(slug: string, cardUid: string) {
  return queryOptions({
    queryKey: cardKeys.card(slug, cardUid),
    queryFn: ({ signal }) => getCard(slug, cardUid, { signal }),
    retry: false,
    staleTime: 0,
  });
}

/**
 * The card loaded at the POS. Idle while `cardUid` is null. Earn and redeem update this query's
 * data in place with the new balance.
 */
export function useCard(slug: string, cardUid: string | null) {
  return useQuery({ ...cardQueryOptions(slug, cardUid ?? ''), enabled: Boolean(slug && cardUid) });
}
