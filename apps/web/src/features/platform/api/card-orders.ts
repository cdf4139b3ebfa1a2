import type { CardOrderStatus, UpdateCardOrderStatusRequest } from '@loyalty/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { platformKeys } from './keys';

/**
 * GET /api/platform/card-orders?status= (platform_admin; docs/product.md 'Card orders': the operator
 * ships paid orders) → `{ orders }`, every tenant's printed-card orders, newest first (at most
 * 200), selected as the array. Each `PlatformCardOrder`: id, cardType, quantity,
 * unitPriceCents and totalCents (cents, fixed when ordered), shippingAddress (name, line1, line2,
 * city, state, postalCode, country), status (PENDING_PAYMENT | PAID | PROCESSING | SHIPPED |
 * DELIVERED | CANCELED), paidAt and createdAt (ISO), and tenant `{ id, name, slug }`.
 * `status` undefined lists every status. Keyed `['platform', 'card-orders', status ?? 'all']`;
 * while another filter loads the previous list stays (isPlaceholderData) so the page dims it.
 * @throws {ApiError} 400 unknown status, 401 signed out, 403 not platform_admin.
 */
export function usePlatformCardOrders(status: CardOrderStatus | undefined) {
  return useQuery({
    queryKey: platformKeys.cardOrderList(status),
    queryFn: ({ signal }) => answer(client.GET('/api/platform/card-orders', { params: { query: { status } }, signal })),
    select: (data) => data.orders,
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT /api/platform/card-orders/{id} `{ status }` → the updated `PlatformCardOrder`
 * (docs/product.md 'Card orders': one fulfilment step at a time, PAID → PROCESSING → SHIPPED →
 * DELIVERED; see NEXT_FULFILMENT_STATUS in the contract). On success every operator card-order
 * list is marked stale (the order moves between status filters); the tenant's own screen is in
 * another session and refetches by itself. Toasts are the caller's.
 * @throws {ApiError} 400 invalid status, 401, 403, 404 unknown order, 409 not the next step
 * (the order moved meanwhile or was cancelled; the message says why — show it).
 */
export function useUpdateCardOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & UpdateCardOrderStatusRequest) =>
      answer(client.PUT('/api/platform/card-orders/{id}', { params: { path: { id } }, body: { status } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformKeys.cardOrders() }),
  });
}
