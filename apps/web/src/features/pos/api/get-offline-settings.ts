import type { OfflineSettings } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';
import { withOfflineFallback } from '@/lib/offline/answers';

/**
 * GET /api/t/{slug}/rules/offline (cashier and Store Admin): whether offline redemptions are
 * allowed and their caps, `maxPerTransactionCents` and `maxPerCardPerDayCents` (integer cents).
 * @throws {ApiError} 401 signed out, 403 another role, 0 network failure.
 */
function getOfflineSettings(slug: string, options?: { signal?: AbortSignal }): Promise<OfflineSettings> {
  return answer(client.GET('/api/t/{slug}/rules/offline', { params: { path: { slug } }, signal: options?.signal }));
}

/**
 * What the till may do offline, as the POS reads it (docs/product.md 'Offline till'): asked while
 * online, the last answer kept on the device like the tenant view (`withOfflineFallback`, cleared
 * on sign-out) and used with no connection. Fresh for 30 s; runs whatever the browser thinks of
 * its connection, so an offline till gets the kept answer. Idle while `enabled` is false.
 */
export function useOfflineSettings(slug: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...tenantKeys.all(slug), 'pos', 'offline-settings'] as const,
      queryFn: ({ signal }) => withOfflineFallback(slug, 'offline-settings', () => getOfflineSettings(slug, { signal })),
      staleTime: 30_000,
      retry: false,
      networkMode: 'always',
      enabled: Boolean(slug) && enabled,
    }),
  );
}
