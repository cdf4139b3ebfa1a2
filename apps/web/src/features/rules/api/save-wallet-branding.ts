import type { WalletBrandingRequest, WalletBrandingResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * PUT /api/t/{slug}/rules/wallet `{ programName (1–60 characters) | null (the business's name),
 * backgroundColor, foregroundColor, labelColor ('#rrggbb'), terms (at most 2000 characters) | null }`
 * (docs/product.md 'Wallet passes'; tenant_admin). Every issued pass updates; audited
 * ('rules.wallet.update'). The logo is kept.
 * @returns the saved look (WalletBrandingResponse, with `logoUrl`).
 * @throws {ApiError} 400 VALIDATION_ERROR when the text or label colour reads below 4.5:1
 *   against the background (WCAG AA, `walletContrastProblems` of @loyalty/domain): 'The text
 *   colour's contrast with the background is 2.1:1; WCAG AA needs at least 4.5:1', with
 *   `details: [{ field: 'foregroundColor' | 'labelColor', message }]`, or invalid fields; nothing
 *   written. 401; 403; 404. Show the server's text, else 'Failed to save wallet pass. Please try again.'.
 */
function saveWalletBranding(slug: string, body: WalletBrandingRequest): Promise<WalletBrandingResponse> {
  return answer(client.PUT('/api/t/{slug}/rules/wallet', { params: { path: { slug } }, body }));
}

/** Save-wallet-look mutation: on success the wallet query holds the saved look. Toasts are the caller's. */
export function useSaveWalletBranding(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletBrandingRequest) => saveWalletBranding(slug, body),
    onSuccess: (look) => queryClient.setQueryData<WalletBrandingResponse>(rulesKeys.wallet(slug), look),
  });
}
