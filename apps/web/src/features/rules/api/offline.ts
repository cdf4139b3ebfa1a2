import type { OfflineSettings } from '@loyalty/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * GET /api/t/{slug}/rules/offline (docs/product.md 'Offline till'; tenant_admin and cashier): what
 * a till may do without a connection.
 * @returns OfflineSettings `{ redemptions: { enabled, maxPerTransactionCents, maxPerCardPerDayCents } }`
 *   (caps in integer cents); offline redemptions off, with caps of $20.00 and $50.00 to start from,
 *   until first saved.
 * @throws {ApiError} 401 signed out, 403 another role, 404 unknown tenant. The tab shows 'Failed to
 *   load offline settings'.
 */
function getOfflineSettings(slug: string, options?: { signal?: AbortSignal }): Promise<OfflineSettings> {
  return answer(client.GET('/api/t/{slug}/rules/offline', { params: { path: { slug } }, signal: options?.signal }));
}

/**
 * PUT /api/t/{slug}/rules/offline (OfflineSettings, the whole of it; tenant_admin). Applies to the
 * next offline redemption a till makes once it has read it; audited ('rules.offline.update').
 * @returns the saved settings.
 * @throws {ApiError} 400 VALIDATION_ERROR for a cap outside $0.01–$1,000.00 (1–100,000 cents), with
 *   `details: [{ field: 'body.redemptions.maxPerTransactionCents', message }]`; nothing written. 401;
 *   403; 404. Show the server's text, else 'Failed to save offline settings. Please try again.'.
 */
function saveOfflineSettings(slug: string, body: OfflineSettings): Promise<OfflineSettings> {
  return answer(client.PUT('/api/t/{slug}/rules/offline', { params: { path: { slug } }, body }));
}

/**
 * The business's offline till settings (Rules & Settings, Offline tab; docs/product.md 'Offline
 * till'): OfflineSettings, caps in integer cents; fresh for 30 s.
 */
export function useOfflineSettings(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: rulesKeys.offline(slug),
      queryFn: ({ signal }) => getOfflineSettings(slug, { signal }),
      staleTime: 30_000,
      enabled: Boolean(slug),
    }),
  );
}

/**
 * Save-offline-settings mutation (docs/product.md 'Offline till'): PUTs a whole OfflineSettings
 * (caps in integer cents); on success the offline settings query holds the saved settings. Toasts
 * are the caller's.
 */
export function useSaveOfflineSettings(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfflineSettings) => saveOfflineSettings(slug, body),
    onSuccess: (settings) => queryClient.setQueryData<OfflineSettings>(rulesKeys.offline(slug), settings),
  });
}
