import type { CardResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateCardData } from './keys';

/** Variables of {@link assignStore}. */
export interface AssignStoreVariables {
  cardUid: string;
  storeId: string;
}

/**
 * PUT /api/t/{slug}/cards/{cardUid}/store `{ storeId }` (the store of an
 * assigned card may change; balance and transactions stay with the customer).
 * @returns the card with its new storeId/storeName.
 * @throws {ApiError} 400 'Store is required', 404 unknown card or store, 422 card UNASSIGNED.
 *   Show the message, else 'Failed to update card store assignment'.
 */
function assignStore(slug: string, { cardUid, storeId }: AssignStoreVariables): Promise<CardResponse> {
  return answer(client.PUT('/api/t/{slug}/cards/{cardUid}/store', { params: { path: { slug, cardUid } }, body: { storeId } }));
}

/** Store-change mutation; refreshes cards, tenant and dashboard on success. */
export function useAssignStore(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: AssignStoreVariables) => assignStore(slug, vars),
    onSuccess: () => invalidateCardData(queryClient, slug),
  });
}
