import type { LimitSettings } from '@loyalty/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * GET /api/t/{slug}/rules/limits (docs/product.md 'Velocity limits'; tenant_admin): the four
 * velocity limits.
 * @returns LimitSettings: `cardEarnsPerDay` `{ enabled, count, action }` (a count of earns),
 *   `cardEarnAmount`, `cardRedeemPerDay` and `staffRedeemPerDay` `{ enabled, amountCents, action }`
 *   (integer cents); `action` 'REFUSE' or 'FLAG'. Every limit off (with values to start from) until
 *   first saved.
 * @throws {ApiError} 401 signed out, 403 not a tenant admin (a cashier), 404 unknown tenant. The tab
 *   shows 'Failed to load limits'.
 */
function getLimitSettings(slug: string, options?: { signal?: AbortSignal }): Promise<LimitSettings> {
  return answer(client.GET('/api/t/{slug}/rules/limits', { params: { path: { slug } }, signal: options?.signal }));
}

/**
 * PUT /api/t/{slug}/rules/limits (LimitSettings, the whole of it; tenant_admin). Applies to the
 * next movement; audited ('rules.limits.update').
 * @returns the saved settings.
 * @throws {ApiError} 400 VALIDATION_ERROR for a count outside 1–1000 or an amount outside
 *   $0.01–$1,000,000.00 (1–100,000,000 cents), with `details: [{ field: 'body.cardEarnsPerDay.count', message }]`;
 *   nothing written. 401; 403; 404. Show the server's text, else 'Failed to save limits. Please try again.'.
 */
function saveLimitSettings(slug: string, body: LimitSettings): Promise<LimitSettings> {
  return answer(client.PUT('/api/t/{slug}/rules/limits', { params: { path: { slug } }, body }));
}

/**
 * The business's velocity limits (Rules & Settings, Limits tab; docs/product.md 'Velocity limits'):
 * LimitSettings, counts as numbers and amounts in integer cents; fresh for 30 s.
 */
export function useLimitSettings(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: rulesKeys.limits(slug),
      queryFn: ({ signal }) => getLimitSettings(slug, { signal }),
      staleTime: 30_000,
      enabled: Boolean(slug),
    }),
  );
}

/**
 * Save-limits mutation (docs/product.md 'Velocity limits'): PUTs a whole LimitSettings (amounts in
 * integer cents); on success the limits query holds the saved settings. Toasts are the caller's.
 */
export function useSaveLimitSettings(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LimitSettings) => saveLimitSettings(slug, body),
    onSuccess: (settings) => queryClient.setQueryData<LimitSettings>(rulesKeys.limits(slug), settings),
  });
}
