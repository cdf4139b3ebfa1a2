import type { WalletBrandingResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * GET /api/t/{slug}/rules/wallet (docs/product.md 'Wallet passes'; tenant_admin): how the
 * business's Apple and Google Wallet passes look.
 * @returns `{ programName (null: the business's name), backgroundColor, foregroundColor,
 *   labelColor ('#rrggbb'), terms | null, logoUrl (the logo's public address) | null (the default
 *   logo), updatedAt (ISO) | null (never saved: the defaults, DEFAULT_WALLET_BRANDING) }`.
 * @throws {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant. The tab shows
 *   'Failed to load wallet settings'.
 */
function getWalletBranding(slug: string, options?: { signal?: AbortSignal }): Promise<WalletBrandingResponse> {
  return answer(client.GET('/api/t/{slug}/rules/wallet', { params: { path: { slug } }, signal: options?.signal }));
}

/** The business's wallet pass look (Rules & Settings, Wallet tab); fresh for 30 s. */
export function useWalletBranding(slug: string) {
  return useQuery(
    queryOptions({ queryKey: rulesKeys.wallet(slug), queryFn: ({ signal }) => getWalletBranding(slug, { signal }), staleTime: 30_000, enabled: Boolean(slug) }),
  );
}
