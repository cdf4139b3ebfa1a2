import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';

/** Query keys of the Demo checkout page, under the tenant's root `['tenants', slug]`. */
const checkoutKeys = {
  detail: (slug: string, id: string) => [...tenantKeys.all(slug), 'checkout', id] as const,
};

/**
 * GET /api/t/{slug}/checkout/{id} → CheckoutView (docs/product.md 'Payments': the Demo provider's
 * local checkout page): `{ id, kind ADD_FUNDS | CARD_ORDER, status OPEN | COMPLETED | CANCELED,
 * amountCents (cents), description, returnUrl, cancelUrl, createdAt (ISO) }`. Not retried on 404.
 * @throws {ApiError} 401 signed out, 403 not tenant_admin, 404 unknown checkout (or another tenant's).
 */
export function useCheckout(slug: string, id: string) {
  return useQuery({
    queryKey: checkoutKeys.detail(slug, id),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/checkout/{id}', { params: { path: { slug, id } }, signal })),
    enabled: Boolean(slug && id),
    retry: (count, error) => count < 2 && !(error && typeof error === 'object' && 'status' in error && (error as { status: number }).status === 404),
    refetchOnWindowFocus: false,
  });
}

/**
 * Pays or cancels a Demo checkout:
 * - `pay`: POST /checkout/{id}/pay → CheckoutView COMPLETED. Completing credits the card (add
 *   funds: one ADJUST ledger row) or marks the card order PAID and adds its cards, so every
 *   query of the tenant is marked stale (balances, cards, quota, orders). 409 'This checkout was
 *   canceled' / 'This checkout is paid with the payment provider'.
 * - `cancel`: POST /checkout/{id}/cancel → CheckoutView CANCELED; nothing is charged. 409 'This
 *   checkout is already paid'.
 * The caller then goes to the view's returnUrl (pay) or cancelUrl (cancel).
 * @throws {ApiError} 404 unknown checkout, 409 as above, 401/403.
 */
export function useCheckoutAction(slug: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'pay' | 'cancel') =>
      answer(
        action === 'pay'
          ? client.POST('/api/t/{slug}/checkout/{id}/pay', { params: { path: { slug, id } } })
          : client.POST('/api/t/{slug}/checkout/{id}/cancel', { params: { path: { slug, id } } }),
      ),
    onSuccess: async (view) => {
      queryClient.setQueryData(checkoutKeys.detail(slug, id), view);
      await queryClient.invalidateQueries({ queryKey: tenantKeys.all(slug) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.detail(slug, id) }),
  });
}
