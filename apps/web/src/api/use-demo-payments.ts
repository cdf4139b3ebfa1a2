import { useQuery } from '@tanstack/react-query';
import { tenantQueryOptions } from './get-tenant';

/**
 * Whether the install runs the Demo payment provider, which takes no money:
 * the tenant view's `paymentProvider` (GET /api/t/{slug}/tenant, the same cached query as
 * useTenant) is 'demo'. Every screen that takes money shows the DemoPaymentsNotice
 * (components/demo-payments-notice.tsx) while this is true: Billing, Card Orders, Add Funds and
 * the demo checkout page. False while the tenant loads, when it fails to load and under Stripe.
 */
export function useDemoPayments(slug: string | undefined): boolean {
  const demo = useQuery({ ...tenantQueryOptions(slug ?? ''), enabled: Boolean(slug), select: (t) => t.paymentProvider === 'demo' });
  return demo.data === true;
}
