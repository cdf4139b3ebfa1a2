import type { CashbackRulesRequest, CashbackRulesResponse, InitializeRulesResponse, TierRulesRequest, TierRulesResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateRulesConsumers, rulesKeys } from './keys';

/**
 * PUT /api/t/{slug}/rules/cashback `{ rules: [{ category, baseRateBps (0–10000 bps), isActive }] }`:
 * replaces the set atomically; the next earn uses it.
 * @returns the stored `{ rules }`.
 * @throws {ApiError} 400 invalid rates (nothing written); 401; 403 not a tenant admin; 404
 *   unknown tenant. Show the server's text, else 'Failed to save cashback rules. Please try again.'
 */
function saveCashbackRules(slug: string, body: CashbackRulesRequest): Promise<CashbackRulesResponse> {
  return answer(client.PUT('/api/t/{slug}/rules/cashback', { params: { path: { slug } }, body }));
}

/**
 * PUT /api/t/{slug}/rules/tiers `{ rules: [{ tier, name, minTotalSpendCents (cents ≥ 0),
 * baseRateBps (bonus, bps), isActive }] }`; the server re-tiers every customer of the tenant in the
 * same transaction.
 * @returns the stored `{ rules, customersRetiered }`.
 * @throws {ApiError} 400 'Tier thresholds must increase: SILVER < GOLD < PLATINUM' or invalid
 *   fields (nothing written); 401; 403; 404. Show the server's text, else 'Failed to save tier
 *   rules. Please try again.'.
 */
function saveTierRules(slug: string, body: TierRulesRequest): Promise<TierRulesResponse> {
  return answer(client.PUT('/api/t/{slug}/rules/tiers', { params: { path: { slug } }, body }));
}

/**
 * POST /api/t/{slug}/rules/initialize (docs/product.md 'Cashback' defaults:
 * PURCHASE 200, REPAIR 300, OTHER 100 bps; SILVER 0 bps from $0, GOLD +100 from $500,
 * PLATINUM +200 from $2,000). Replaces the current cashback and tier rules.
 * @returns `{ cashbackRules, tierRules }` now in force.
 * @throws {ApiError} 401; 403; 404. Show the server's text, else 'Failed to initialize default
 *   rules. Please try again.'.
 */
function initializeRules(slug: string): Promise<InitializeRulesResponse> {
  return answer(client.POST('/api/t/{slug}/rules/initialize', { params: { path: { slug } } }));
}

/** Save-cashback-rules mutation: on success the cashback query holds the stored set. Toasts are the caller's. */
export function useSaveCashbackRules(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CashbackRulesRequest) => saveCashbackRules(slug, body),
    onSuccess: (data) => {
      queryClient.setQueryData<CashbackRulesResponse>(rulesKeys.cashback(slug), { rules: data.rules });
    },
  });
}

/** Save-tier-rules mutation: on success the tiers query holds the stored set; customers and cards refetch (tiers moved). */
export function useSaveTierRules(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TierRulesRequest) => saveTierRules(slug, body),
    onSuccess: (data) => {
      queryClient.setQueryData<TierRulesResponse>(rulesKeys.tiers(slug), { rules: data.rules });
      invalidateRulesConsumers(queryClient, slug, { customers: true });
    },
  });
}

/** Initialize-defaults mutation: on success both rule queries hold the defaults; customers and cards refetch. */
export function useInitializeRules(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => initializeRules(slug),
    onSuccess: (data) => {
      queryClient.setQueryData<CashbackRulesResponse>(rulesKeys.cashback(slug), { rules: data.cashbackRules });
      queryClient.setQueryData<TierRulesResponse>(rulesKeys.tiers(slug), { rules: data.tierRules });
      invalidateRulesConsumers(queryClient, slug, { customers: true });
    },
  });
}
