import type { CardActivateRequest, CardResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateCardData } from './keys';

/**
 * POST /api/t/{slug}/cards/activate: UNASSIGNED → ACTIVE. Body: `{ cardUid, storeId, customerId }`
 * for an existing customer without cards, or
 * `{ cardUid, storeId, customer: { firstName, lastName, email?, phone? } }` to create one in the
 * same transaction, either with an optional `referralCode` (the code of the customer who referred them).
 * Counts against the card quota.
 * @returns the activated card (status ACTIVE, customer, storeName, activatedAt).
 * @throws {ApiError} 400 validation ('Store is required', 'Select a customer or enter a new
 *   one'), 403 subscription/quota gate, 404 unknown card/store/customer, 409 customer already
 *   has a card or e-mail taken, 422 card not UNASSIGNED or a referral code that is not valid (on
 *   `body.referralCode`). Show the message, else 'Failed to assign card'.
 */
function activateCard(slug: string, body: CardActivateRequest): Promise<CardResponse> {
  return answer(client.POST('/api/t/{slug}/cards/activate', { params: { path: { slug } }, body }));
}

/** Activation mutation; on success refreshes cards, quota, trial status, dashboard and customer lists. */
export function useActivateCard(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CardActivateRequest) => activateCard(slug, body),
    onSuccess: () => invalidateCardData(queryClient, slug, { customers: true }),
  });
}
