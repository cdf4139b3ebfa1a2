import type { CardResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';
import { ApiError, isApiError } from '@/lib/api';
import { translate } from '@/lib/i18n';
import { readCachedCard, saveCard } from '@/lib/offline/card-cache';
import { posMessages } from '../messages';

/** Query keys of cards: ['tenants', slug, 'cards', cardUid]. */
export const cardKeys = {
  all: tenantKeys.cards,
  card: (slug: string, cardUid: string) => [...tenantKeys.cards(slug), cardUid] as const,
};

/** The card at the POS, and when it comes from this till's offline copy, the time it was looked up. */
export interface PosCard {
  card: CardResponse;
  /** Null for the server's answer; ms since epoch of the lookup kept offline (the balance may be out of date). */
  cachedAt: number | null;
}

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

/**
 * The POS lookup with the offline till's copy (docs/product.md 'Offline till'): the server's
 * answer is kept for 30 days; with no answer (status 0) the kept copy is shown instead.
 * @throws {ApiError} the server's refusal; status 0 with posMessages `cardNotKept` when there is no
 *   connection and no copy.
 */
async function lookUpCard(slug: string, cardUid: string, signal: AbortSignal): Promise<PosCard> {
  try {
    const card = await getCard(slug, cardUid, { signal });
    void saveCard(slug, card);
    return { card, cachedAt: null };
  } catch (error) {
    if (!isApiError(error, 0)) throw error;
    const kept = await readCachedCard(slug, cardUid);
    if (kept) return { card: kept.card, cachedAt: kept.savedAt };
    throw new ApiError(0, translate(posMessages, 'cardNotKept'), 'NETWORK_ERROR');
  }
}

/**
 * Query options of {@link lookUpCard}: no retry (a 404 is an answer, not a glitch); run whatever
 * the browser thinks of its connection, so an offline till shows its kept copy at once.
 */
function cardQueryOptions(slug: string, cardUid: string) {
  return queryOptions({
    queryKey: cardKeys.card(slug, cardUid),
    queryFn: ({ signal }) => lookUpCard(slug, cardUid, signal),
    retry: false,
    staleTime: 0,
    networkMode: 'always',
  });
}

/**
 * The card loaded at the POS (`{ card, cachedAt }`, see {@link PosCard}). Idle while `cardUid` is
 * null. Earn and redeem update this query's data in place with the new balance.
 */
export function useCard(slug: string, cardUid: string | null) {
  return useQuery({ ...cardQueryOptions(slug, cardUid ?? ''), enabled: Boolean(slug && cardUid) });
}
