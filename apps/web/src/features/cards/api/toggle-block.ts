import type { CardResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateCardData, tenantApi } from './keys';

/** The fixed reason sent with a block (always 'Admin action'). */
const BLOCK_REASON = 'Admin action';

/**
 * POST /api/t/{slug}/cards/{cardUid}/block `{ reason: 'Admin action' }`:
 * toggles ACTIVE ↔ BLOCKED (unblock returns ACTIVE). An UNASSIGNED card cannot be blocked.
 * @returns the card with its new status.
 * @throws {ApiError} 404 unknown card, 422 card UNASSIGNED, 403 role not allowed. Show
 *   'Failed to update card status'.
 */
function toggleBlock(slug: string, cardUid: string): Promise<CardResponse> {
  return api.post<CardResponse>(`${tenantApi(slug)}/cards/${encodeURIComponent(cardUid)}/block`, { reason: BLOCK_REASON });
}

/** The success toast for the card's new status. */
export function blockSuccessMessage(card: Pick<CardResponse, 'status'>): string {
  return card.status === 'BLOCKED' ? 'Card blocked successfully' : 'Card unblocked successfully';
}

/** Block/unblock mutation (variables: the card UID); refreshes cards, tenant and dashboard on success. */
export function useToggleBlock(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardUid: string) => toggleBlock(slug, cardUid),
    onSuccess: () => invalidateCardData(queryClient, slug),
  });
}
