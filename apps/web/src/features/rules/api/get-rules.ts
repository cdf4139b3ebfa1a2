import type { CashbackRulesResponse, OfferListResponse, TierRulesResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rulesApi, rulesKeys } from './keys';

/**
 * GET /api/t/{slug}/rules/cashback (tenant_admin).
 * @returns `{ rules: [{ id, category (PURCHASE|REPAIR|OTHER), baseRateBps (0–10000 bps), isActive }] }`.
 * @throws {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant. The page shows
 *   'Failed to load rules and offers'.
 */
function getCashbackRules(slug: string, options?: { signal?: AbortSignal }): Promise<CashbackRulesResponse> {
  return api.get<CashbackRulesResponse>(`${rulesApi(slug)}/cashback`, options);
}

/**
 * GET /api/t/{slug}/rules/tiers (tenant_admin).
 * @returns `{ rules: [{ id, tier (SILVER|GOLD|PLATINUM), name, minTotalSpendCents (cents),
 *   baseRateBps (bonus, bps), isActive }] }`.
 * @throws {ApiError} 401, 403, 404 as {@link getCashbackRules}.
 */
function getTierRules(slug: string, options?: { signal?: AbortSignal }): Promise<TierRulesResponse> {
  return api.get<TierRulesResponse>(`${rulesApi(slug)}/tiers`, options);
}

/**
 * GET /api/t/{slug}/rules/offers (tenant_admin), newest first.
 * @returns `{ offers: [{ id, name, description | null, rateMultiplierBps (bonus, bps), startAt,
 *   endAt (ISO), isActive, createdAt }] }`.
 * @throws {ApiError} 401, 403, 404 as {@link getCashbackRules}.
 */
function getOffers(slug: string, options?: { signal?: AbortSignal }): Promise<OfferListResponse> {
  return api.get<OfferListResponse>(`${rulesApi(slug)}/offers`, options);
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
