import type { WalletBrandingResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * DELETE /api/t/{slug}/rules/wallet/logo (docs/product.md 'Wallet passes'; tenant_admin): the
 * passes go back to the default logo. Every issued pass updates; audited ('rules.wallet.logo').
 * @returns the look with `logoUrl` null.
 * @throws {ApiError} 401; 403; 404. Show the server's text, else 'Failed to remove the logo. Please try again.'.
 */
function deleteWalletLogo(slug: string): Promise<WalletBrandingResponse> {
  return answer(client.DELETE('/api/t/{slug}/rules/wallet/logo', { params: { path: { slug } } }));
}

/** Remove-logo mutation: on success the wallet query holds the answer (no `logoUrl`). Messages are the caller's. */
export function useDeleteWalletLogo(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWalletLogo(slug),
    onSuccess: (look) => queryClient.setQueryData<WalletBrandingResponse>(rulesKeys.wallet(slug), look),
  });
}
