import type { WalletEmailResponse } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * POST /api/t/{slug}/cards/{cardUid}/wallet/email (no body; staff: tenant_admin, cashier): the
 * server e-mails the card's holder the links that put the card in their phone's wallet ('Add to
 * Apple Wallet' where passes are issued, and the card's page; docs/product.md 'Wallet passes').
 * Nothing about the card changes, so no query is refreshed.
 * @returns 202 `{ sentTo }`, the holder's address: show 'Wallet links sent to {email}'.
 * @throws {ApiError} 404 'Card not found'; 422 'This card has no holder yet', 'This card is
 *   blocked', 'The holder has no e-mail address', 'The holder has unsubscribed from e-mail';
 *   429 after 5 a card in an hour. Show the message, else 'Failed to e-mail the wallet links'.
 */
function emailWalletLinks(slug: string, cardUid: string): Promise<WalletEmailResponse> {
  return answer(client.POST('/api/t/{slug}/cards/{cardUid}/wallet/email', { params: { path: { slug, cardUid } } }));
}

/** The wallet-links e-mail mutation of one business (variables: the card UID). */
export function useEmailWalletLinks(slug: string) {
  return useMutation({ mutationFn: (cardUid: string) => emailWalletLinks(slug, cardUid) });
}
