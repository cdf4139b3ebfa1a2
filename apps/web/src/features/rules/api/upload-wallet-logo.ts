import type { WalletBrandingResponse, WalletLogoRequest } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * PUT /api/t/{slug}/rules/wallet/logo `{ contentType: 'image/png' | 'image/svg+xml', dataBase64 }`
 * (docs/product.md 'Wallet passes'; tenant_admin): the passes' logo, a PNG or SVG file of at most
 * 1 MB (WALLET_LOGO_MAX_BYTES, before base64), rendered by the server to fit 660 × 660. Every
 * issued pass updates; audited ('rules.wallet.logo').
 * @returns the look with the new `logoUrl`.
 * @throws {ApiError} 400 'The logo must be a PNG or SVG image' (unreadable file), 'The logo must
 *   be at most 1 MB', 'The logo must be at least 64 × 64 pixels' (a small PNG); nothing written.
 *   401; 403; 404. Show the server's text, else 'Failed to upload the logo. Please try again.'.
 */
function uploadWalletLogo(slug: string, body: WalletLogoRequest): Promise<WalletBrandingResponse> {
  return answer(client.PUT('/api/t/{slug}/rules/wallet/logo', { params: { path: { slug } }, body }));
}

/** Upload-logo mutation: on success the wallet query holds the answer (its new `logoUrl`). Messages are the caller's. */
export function useUploadWalletLogo(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletLogoRequest) => uploadWalletLogo(slug, body),
    onSuccess: (look) => queryClient.setQueryData<WalletBrandingResponse>(rulesKeys.wallet(slug), look),
  });
}
