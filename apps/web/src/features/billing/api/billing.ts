import type { DemoCardInput, SubscribeRequest } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';

/** Query keys of the Billing page, under `tenantKeys.billing` = `['tenants', slug, 'billing']` (but the SetupIntent). */
export const billingKeys = {
  all: tenantKeys.billing,
  plans: (slug: string) => [...tenantKeys.billing(slug), 'plans'] as const,
  usage: (slug: string) => [...tenantKeys.billing(slug), 'usage'] as const,
  paymentMethods: (slug: string) => [...tenantKeys.billing(slug), 'payment-methods'] as const,
  invoices: (slug: string) => [...tenantKeys.billing(slug), 'invoices'] as const,
  /** Outside the tenant root on purpose: a billing refresh must not ask for a new SetupIntent. */
  setupIntent: (slug: string) => ['setup-intent', slug] as const,
};

/**
 * Refreshes the tenant (status, plan, subscriptionInfo), the trial status, the cards data and
 * every billing query ("refresh tenant and all billing data").
 */
function invalidateBillingData(queryClient: QueryClient, slug: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) }),
    queryClient.invalidateQueries({ queryKey: tenantKeys.trialStatus(slug) }),
    queryClient.invalidateQueries({ queryKey: tenantKeys.cards(slug) }),
    queryClient.invalidateQueries({ queryKey: tenantKeys.dashboard(slug) }),
    queryClient.invalidateQueries({ queryKey: billingKeys.all(slug) }),
  ]);
}

/**
 * GET /api/t/{slug}/billing/plans → `{ plans }`: active plans in display order, priceMonthly
 * in cents, limits −1 = unlimited (Plans tab).
 * @throws {ApiError} 401 signed out, 403 not tenant_admin.
 */
export function usePlans(slug: string) {
  return useQuery({
    queryKey: billingKeys.plans(slug),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/billing/plans', { params: { path: { slug } }, signal })),
    select: (data) => data.plans,
  });
}

/**
 * GET /api/t/{slug}/billing/usage → `{ usage }`: counts and limits (−1 unlimited), transactionsUsed
 * in the period, period bounds as ISO strings.
 * @throws {ApiError} 401, 403.
 */
export function useUsage(slug: string) {
  return useQuery({
    queryKey: billingKeys.usage(slug),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/billing/usage', { params: { path: { slug } }, signal })),
    select: (data) => data.usage,
  });
}

/**
 * GET /api/t/{slug}/billing/payment-methods → `{ paymentMethods }`, default first.
 * @throws {ApiError} 401, 403.
 */
export function usePaymentMethods(slug: string) {
  return useQuery({
    queryKey: billingKeys.paymentMethods(slug),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/billing/payment-methods', { params: { path: { slug } }, signal })),
    select: (data) => data.paymentMethods,
  });
}

/**
 * GET /api/t/{slug}/billing/invoices → `{ invoices }`, newest first; times in unix seconds,
 * amount_paid in cents. Only fetched while `enabled` (loaded only when ACTIVE).
 * @throws {ApiError} 401, 403.
 */
export function useInvoices(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.invoices(slug),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/billing/invoices', { params: { path: { slug } }, signal })),
    select: (data) => data.invoices,
    enabled,
  });
}

/**
 * POST /api/t/{slug}/billing/setup-intent → SetupIntentResponse (docs/product.md 'Payments'): `{
 * demo: true }` under the Demo provider (the web shows the demo card form), or `{ clientSecret,
 * publishableKey }` under Stripe (the web shows Stripe Elements and confirms the card with
 * `stripe.confirmCardSetup(clientSecret, …)`). Asked once each time the card dialog opens (a query:
 * one SetupIntent per opening, not re-asked on focus or in the background; garbage-collected as
 * soon as the dialog closes).
 * @throws {ApiError} 401, 403 not tenant_admin, 5xx/502 when the provider cannot be reached.
 */
export function useSetupIntent(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.setupIntent(slug),
    queryFn: () => answer(client.POST('/api/t/{slug}/billing/setup-intent', { params: { path: { slug } } })),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * POST /api/t/{slug}/billing/payment-methods with the demo card `{ brand, last4, exp_month,
 * exp_year }` (the Demo provider only, after setup-intent answered `{ demo: true }`;
 * docs/product.md 'Payments') → 201 PaymentMethod. Success message 'Payment method added
 * successfully!'; refreshes the payment methods.
 * @throws {ApiError} 400 invalid card (e.g. 'Card has expired'), 401, 403.
 */
export function useAddPaymentMethod(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: DemoCardInput) => answer(client.POST('/api/t/{slug}/billing/payment-methods', { params: { path: { slug } }, body: card })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(slug) }),
  });
}

/**
 * GET /api/t/{slug}/billing/portal → `{ url }` ('Manage Settings'): the Stripe customer portal
 * (absolute https URL, returning to the Billing page), or `/t/{slug}/billing?tab=payment-methods`
 * under the Demo provider. Asked on click (a portal session is short-lived); the caller goes to the
 * url.
 * @throws {ApiError} 401, 403, 5xx when the provider cannot open a portal session.
 */
export function useBillingPortal(slug: string) {
  return useMutation({
    mutationFn: () => answer(client.GET('/api/t/{slug}/billing/portal', { params: { path: { slug } } })),
  });
}

/**
 * DELETE /billing/payment-methods/{id}; messages 'Payment method removed successfully!' / 'Failed
 * to remove payment method. Please try again.'.
 * @throws {ApiError} 404 unknown card.
 */
export function useRemovePaymentMethod(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(client.DELETE('/api/t/{slug}/billing/payment-methods/{id}', { params: { path: { slug, id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(slug) }),
  });
}

/**
 * POST /billing/payment-methods/{id}/set-default → `{ paymentMethods }`; messages 'Default
 * payment method updated successfully!' / 'Failed to update default payment method. Please
 * try again.'.
 * @throws {ApiError} 404 unknown card.
 */
export function useSetDefaultPaymentMethod(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(client.POST('/api/t/{slug}/billing/payment-methods/{id}/set-default', { params: { path: { slug, id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(slug) }),
  });
}

/**
 * POST /billing/subscribe `{ planId, paymentMethodId }` → `{ subscriptionId?, redirectUrl?,
 * checkoutUrl?, demo? }`. The caller decides where to go; on success with a subscription the tenant
 * and billing data are refreshed first.
 * @throws {ApiError} 400 bad plan/card, 404 unknown plan; show the server's details/error or
 *   'Payment failed. Please try again.'.
 */
export function useSubscribe(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscribeRequest) => answer(client.POST('/api/t/{slug}/billing/subscribe', { params: { path: { slug } }, body })),
    onSuccess: async (res) => {
      if (res.checkoutUrl && !res.redirectUrl && !res.subscriptionId) return;
      await invalidateBillingData(queryClient, slug);
    },
  });
}
