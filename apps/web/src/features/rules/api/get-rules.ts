import type { CashbackRulesResponse, OfferListResponse, TierRulesResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * GET /api/t/{slug}/rules/cashback (tenant_admin).
 * @returns `{ rules: [{ id, category (PURCHASE|REPAIR|OTHER), baseRateBps (0–10000 bps), isActive }] }`.
 * @throws {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant. The page shows
 *   'Failed to load rules and offers'.
 */
function getCashbackRules(slug: string, options?: { signal?: AbortSignal }): Promise<CashbackRulesResponse> {
  return answer(client.GET('/api/t/{slug}/rules/cashback', { params: { path: { slug } }, signal: options?.signal }));
}

/**
 * GET /api/t/{slug}/rules/tiers (tenant_admin).
 * @returns `{ rules: [{ id, tier (SILVER|GOLD|PLATINUM), name, minTotalSpendCents (cents),
 *   baseRateBps (bonus, bps), isActive }] }`.
 * @throws {ApiError} 401, 403, 404 as {@link getCashbackRules}.
 */
function getTierRules(slug: string, options?: { signal?: AbortSignal }): Promise<TierRulesResponse> {
  return answer(client.GET('/api/t/{slug}/rules/tiers', { params: { path: { slug } }, signal: options?.signal }));
}

/**
 * GET /api/t/{slug}/rules/offers (tenant_admin), newest first.
 * @returns `{ offers: [{ id, name, description | null, rateMultiplierBps (bonus, bps), startAt,
 *   endAt (ISO), isActive, createdAt }] }`.
 * @throws {ApiError} 401, 403, 404 as {@link getCashbackRules}.
 */
function getOffers(slug: string, options?: { signal?: AbortSignal }): Promise<OfferListResponse> {
  return answer(client.GET('/api/t/{slug}/rules/offers', { params: { path: { slug } }, signal: options?.signal }));
}

/** The tenant's cashback rules (Cashback Rules tab); fresh for 30 s. */
export function useCashbackRules(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: rulesKeys.cashback(slug),
      queryFn: ({ signal }) => getCashbackRules(slug, { signal }),
      staleTime: 30_000,
      enabled: Boolean(slug),
    }),
  );
}

/** The tenant's tier rules (Loyalty Tiers tab); fresh for 30 s. */
export function useTierRules(slug: string) {
  return useQuery(
    queryOptions({ queryKey: rulesKeys.tiers(slug), queryFn: ({ signal }) => getTierRules(slug, { signal }), staleTime: 30_000, enabled: Boolean(slug) }),
  );
}

/** The tenant's offers, newest first (Special Offers tab); fresh for 30 s. */
export function useOffers(slug: string) {
  return useQuery(
    queryOptions({ queryKey: rulesKeys.offers(slug), queryFn: ({ signal }) => getOffers(slug, { signal }), staleTime: 30_000, enabled: Boolean(slug) }),
  );
}
