import type { CardResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateCardData } from './keys';
import { translate } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * POST /api/t/{slug}/cards/{cardUid}/block (no body: the server records the reason 'Admin
 * action' itself): toggles ACTIVE ↔ BLOCKED (unblock returns ACTIVE). An UNASSIGNED card cannot be blocked.
 * @returns the card with its new status.
 * @throws {ApiError} 404 unknown card, 422 card UNASSIGNED, 403 role not allowed. Show
 *   'Failed to update card status'.
 */
function toggleBlock(slug: string, cardUid: string): Promise<CardResponse> {
  return answer(client.POST('/api/t/{slug}/cards/{cardUid}/block', { params: { path: { slug, cardUid } } }));
}

/** The success toast for the card's new status. */
export function blockSuccessMessage(card: Pick<CardResponse, 'status'>): string {
  return translate(cardsMessages, card.status === 'BLOCKED' ? 'blocked' : 'unblocked');
}

/** Block/unblock mutation (variables: the card UID); refreshes cards, tenant and dashboard on success. */
export function useToggleBlock(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardUid: string) => toggleBlock(slug, cardUid),
    onSuccess: () => invalidateCardData(queryClient, slug),
  });
}
