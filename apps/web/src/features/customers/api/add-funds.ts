import type { AddFundsRequest, CheckoutUrlResponse } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * POST /api/t/{slug}/customers/{id}/add-funds `{ amountCents, cardId }` with header
 * `Idempotency-Key` (required on money routes: a retry with the same key
 * answers the same checkout and opens no second one) → `{ checkoutUrl }`
 * (navigate to the returned checkoutUrl; docs/product.md 'Payments'). amountCents is integer cents,
 * 100 to 100000 ('Amount must be between $1.00 and $1,000.00'); cardId picks the customer's ACTIVE
 * card. No money moves here: the card is credited when the checkout is paid (Demo checkout page or
 * Stripe), which then returns to `/t/{slug}/customers?funds=added&customer={id}`.
 * @throws {ApiError} 400 amount out of range / bad card id (details list the fields), 403 not
 *   tenant_admin or subscription gate, 404 'Customer not found' / card not this customer's,
 *   409 the card is not ACTIVE or the key was used for another request, 422 no active card;
 *   shown in the dialog, else 'Failed to create payment session. Please try again.'.
 */
function addFunds(slug: string, customerId: string, body: AddFundsRequest, idempotencyKey: string): Promise<CheckoutUrlResponse> {
  return answer(
    client.POST('/api/t/{slug}/customers/{id}/add-funds', {
      params: { path: { slug, id: customerId }, header: { 'idempotency-key': idempotencyKey } },
      body,
    }),
  );
}

/** Arguments of the Add Funds mutation: whose card, the body, and the key of this attempt. */
export interface AddFundsVariables {
  customerId: string;
  body: AddFundsRequest;
  /** UUID sent as `Idempotency-Key`: new per attempt, the same for a retry of a failed one. */
  idempotencyKey: string;
}

/** Add Funds mutation `{ customerId, body, idempotencyKey }`; the caller goes to the answer's checkoutUrl. */
export function useAddFunds(slug: string) {
  return useMutation({
    mutationFn: ({ customerId, body, idempotencyKey }: AddFundsVariables) => addFunds(slug, customerId, body, idempotencyKey),
  });
}
