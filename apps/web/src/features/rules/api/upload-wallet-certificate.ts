import type { WalletBrandingResponse, WalletCertificateRequest } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * PUT /api/t/{slug}/rules/wallet/certificate `{ p12Base64, password }` (docs/product.md 'Wallet
 * passes'; tenant_admin): the business's own Apple Pass Type ID certificate, the .p12 file
 * Keychain exports (at most 100 kB, WALLET_P12_MAX_BYTES, before base64) and its password (at
 * most 200 characters; may be empty). From then on it signs the business's passes instead of the
 * platform's certificate; the key is stored encrypted; audited ('rules.wallet.certificate').
 * @returns the look with `certificate: { passTypeIdentifier, teamIdentifier, expiresAt (ISO) }`.
 * @throws {ApiError} 400 'The certificate could not be opened: check the .p12 file and its
 *   password' (WALLET_CERTIFICATE_TEXT.unreadable). 422 (WALLET_CERTIFICATE_TEXT) 'The .p12 file
 *   must hold the certificate and its private key', 'This certificate has expired; renew it in
 *   your Apple developer account', 'This is not a Pass Type ID certificate', 'This certificate
 *   was not issued by Apple's WWDR certificate', 'A replacement must keep the Pass Type ID and
 *   Team ID of the certificate in use, since issued passes belong to them', 'Business
 *   certificates need WALLET_SECRETS_KEY set on the server'. Nothing written on any refusal.
 *   401; 403; 404. Show the server's text, else 'Failed to upload the certificate. Please try again.'.
 */
function uploadWalletCertificate(slug: string, body: WalletCertificateRequest): Promise<WalletBrandingResponse> {
  return answer(client.PUT('/api/t/{slug}/rules/wallet/certificate', { params: { path: { slug } }, body }));
}

/** Upload-certificate mutation: on success the wallet query holds the answer (its new `certificate`). Messages are the caller's. */
export function useUploadWalletCertificate(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletCertificateRequest) => uploadWalletCertificate(slug, body),
    onSuccess: (look) => queryClient.setQueryData<WalletBrandingResponse>(rulesKeys.wallet(slug), look),
  });
}
