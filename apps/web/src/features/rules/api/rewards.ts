import type { RewardSettings } from '@loyalty/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * GET /api/t/{slug}/rules/rewards (docs/product.md 'Rewards'; tenant_admin): the welcome bonus,
 * the birthday reward, referrals and win-back offers.
 * @returns RewardSettings, money in cents; every reward off (with amounts to start from) until
 *   first saved.
 * @throws {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant. The tab shows
 *   'Failed to load reward settings'.
 */
function getRewardSettings(slug: string, options?: { signal?: AbortSignal }): Promise<RewardSettings> {
  return answer(client.GET('/api/t/{slug}/rules/rewards', { params: { path: { slug } }, signal: options?.signal }));
}

/**
 * PUT /api/t/{slug}/rules/rewards (RewardSettings, the whole of it; tenant_admin). Applies from
 * then on (a bonus already credited stays); audited ('rules.rewards.update').
 * @returns the saved settings.
 * @throws {ApiError} 400 VALIDATION_ERROR for an amount outside $0.00–$1,000.00 or a count out of
 *   range, with `details: [{ field: 'body.referral.minPurchaseCents', message }]`; nothing
 *   written. 401; 403; 404. Show the server's text, else 'Failed to save reward settings. Please try again.'.
 */
function saveRewardSettings(slug: string, body: RewardSettings): Promise<RewardSettings> {
  return answer(client.PUT('/api/t/{slug}/rules/rewards', { params: { path: { slug } }, body }));
}

/** The business's reward settings (Rules & Settings, Rewards tab); fresh for 30 s. */
export function useRewardSettings(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: rulesKeys.rewards(slug),
      queryFn: ({ signal }) => getRewardSettings(slug, { signal }),
      staleTime: 30_000,
      enabled: Boolean(slug),
    }),
  );
}

/** Save-reward-settings mutation: on success the rewards query holds the saved settings. Toasts are the caller's. */
export function useSaveRewardSettings(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RewardSettings) => saveRewardSettings(slug, body),
    onSuccess: (settings) => queryClient.setQueryData<RewardSettings>(rulesKeys.rewards(slug), settings),
  });
}
