import type { CardOrder, CardOrderCheckoutRequest, CheckoutUrlResponse, CreateCardOrderRequest } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';

/**
 * Query keys of the Card Orders screen. The orders sit under the tenant's root
 * `['tenants', slug]` (a paid Demo checkout invalidates the whole root); the price list has no
 * tenant and is the same for everybody.
 */
const cardOrdersKeys = {
  pricing: ['card-orders', 'pricing'] as const,
  all: (slug: string) => [...tenantKeys.all(slug), 'card-orders'] as const,
  list: (slug: string) => [...tenantKeys.all(slug), 'card-orders', 'list'] as const,
  detail: (slug: string, id: string) => [...tenantKeys.all(slug), 'card-orders', 'detail', id] as const,
};

/**
 * Marks stale what an order change can move: the orders, and (a paid or cancelled PAID order
 * adds or removes UNASSIGNED cards and quota) the cards, tenant, trial status and dashboard.
 */
export function invalidateCardOrderData(queryClient: QueryClient, slug: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: cardOrdersKeys.all(slug) }),
    queryClient.invalidateQueries({ queryKey: tenantKeys.cards(slug) }),
    queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) }),
    queryClient.invalidateQueries({ queryKey: tenantKeys.trialStatus(slug) }),
    queryClient.invalidateQueries({ queryKey: tenantKeys.dashboard(slug) }),
    queryClient.invalidateQueries({ queryKey: tenantKeys.billing(slug) }),
  ]);
}

/**
 * GET /api/card-orders/pricing (no tenant; docs/product.md 'Card orders') →
 * `{ currency 'usd', minQuantity, maxQuantity, cardTypes: [{ type, name, description, tiers:
 * [{ minQuantity, unitPriceCents }] }] }`: unit prices in cents per card, shipping included,
 * tiers ascending. Fresh for 10 minutes (it changes with a release, not at run time).
 * @throws {ApiError} network failure only (the route is public).
 */
export function useCardOrderPricing() {
  return useQuery({
    queryKey: cardOrdersKeys.pricing,
    queryFn: ({ signal }) => answer(client.GET('/api/card-orders/pricing', { signal })),
    staleTime: 10 * 60_000,
  });
}

/**
 * GET /api/t/{slug}/card-orders → `{ orders }` newest first, selected as the array. Each order:
 * id, cardType, quantity, unitPriceCents and totalCents (cents, fixed when ordered),
 * shippingAddress, status (PENDING_PAYMENT | PAID | PROCESSING | SHIPPED | DELIVERED |
 * CANCELED), paidAt and createdAt (ISO).
 * @throws {ApiError} 401 signed out, 403 not tenant_admin.
 */
export function useCardOrders(slug: string) {
  return useQuery({
    queryKey: cardOrdersKeys.list(slug),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/card-orders', { params: { path: { slug } }, signal })),
    select: (data) => data.orders,
  });
}

/** How often and how many times the '?paid=' banner re-reads an order still waiting for the provider's webhook. */
const PAID_POLL_MS = 2000;
const PAID_POLL_MAX = 15;

/**
 * GET /api/t/{slug}/card-orders/{id} → CardOrder (as in the list); idle while `id` is null.
 * Used by the '?paid={id}' banner ('{quantity} cards were added'). With `pollWhilePending`
 * the order is re-read every 2 s (at most 15 times) while it is still PENDING_PAYMENT: under
 * Stripe the browser can come back before the webhook marks the order PAID.
 * @throws {ApiError} 404 unknown order or another tenant's, 401, 403.
 */
export function useCardOrder(slug: string, id: string | null, { pollWhilePending = false } = {}) {
  return useQuery({
    queryKey: cardOrdersKeys.detail(slug, id ?? ''),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/card-orders/{id}', { params: { path: { slug, id: id ?? '' } }, signal })),
    enabled: Boolean(slug && id),
    refetchInterval: (query) =>
      pollWhilePending && query.state.data?.status === 'PENDING_PAYMENT' && query.state.dataUpdateCount < PAID_POLL_MAX ? PAID_POLL_MS : false,
  });
}

/**
 * POST /api/t/{slug}/card-orders/checkout `{ orderId }` → `{ checkoutUrl }`: where to pay a
 * PENDING_PAYMENT order (the Demo checkout page's path, or Stripe Checkout's absolute URL).
 * 'Pay now' on a listed order uses it directly.
 * @throws {ApiError} 404 unknown order, 409 the order is no longer waiting for payment, 401, 403.
 */
function startCardOrderCheckout(slug: string, orderId: string): Promise<CheckoutUrlResponse> {
  const body: CardOrderCheckoutRequest = { orderId };
  return answer(client.POST('/api/t/{slug}/card-orders/checkout', { params: { path: { slug } }, body }));
}

/** 'Pay now' mutation: {@link startCardOrderCheckout} for an order id; the caller goes to checkoutUrl. */
export function useCardOrderCheckout(slug: string) {
  return useMutation({ mutationFn: (orderId: string) => startCardOrderCheckout(slug, orderId) });
}

/** What 'Order and pay' answers: the order created, and where to pay it (null when the checkout call failed). */
export interface OrderAndPayResult {
  order: CardOrder;
  checkoutUrl: string | null;
  /** The checkout call's error when the order was created but its checkout could not start. */
  checkoutError: unknown;
}

/**
 * 'Order and pay': POST /api/t/{slug}/card-orders with CreateCardOrderRequest `{ cardType,
 * quantity (50–10,000), shippingAddress }` → 201 CardOrder in PENDING_PAYMENT (price fixed by
 * the server with cardOrderPrice), then POST /card-orders/checkout `{ orderId }` → `{ checkoutUrl }`.
 * When the second call fails the order still exists (it shows 'Pay now' in the list): the
 * result carries `checkoutError` instead of throwing. The order list is refreshed either way.
 * @throws {ApiError} of the create call: 400 validation (details list the fields), 401, 403.
 */
export function useOrderAndPay(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCardOrderRequest): Promise<OrderAndPayResult> => {
      const order = await answer(client.POST('/api/t/{slug}/card-orders', { params: { path: { slug } }, body }));
      try {
        const { checkoutUrl } = await startCardOrderCheckout(slug, order.id);
        return { order, checkoutUrl, checkoutError: null };
      } catch (checkoutError) {
        return { order, checkoutUrl: null, checkoutError };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardOrdersKeys.all(slug) }),
  });
}

/**
 * DELETE /api/t/{slug}/card-orders/{id} → 200 CardOrder CANCELED. A PENDING_PAYMENT order is
 * simply cancelled; a PAID one is refunded through the provider and its UNASSIGNED cards are
 * removed (docs/product.md 'Card orders': cancel before shipping). Refreshes orders, cards, quota.
 * @throws {ApiError} 409 'This order can no longer be cancelled' (processing or later) or 'Cards
 *   of this order are already in use'; 404 unknown order; 401, 403.
 */
export function useCancelCardOrder(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(client.DELETE('/api/t/{slug}/card-orders/{id}', { params: { path: { slug, id } } })),
    onSuccess: () => invalidateCardOrderData(queryClient, slug),
  });
}
