import { useSearchParams } from 'react-router';

/** The tabs of the billing page, in order, with their labels' keys in billingMessages. */
export const BILLING_TABS = [
  { value: 'overview', labelKey: 'tabOverview' },
  { value: 'plans', labelKey: 'tabPlans' },
  { value: 'payment-methods', labelKey: 'tabPaymentMethods' },
  { value: 'usage', labelKey: 'tabUsage' },
  { value: 'invoices', labelKey: 'tabInvoices' },
] as const;

/** The value of a billing tab. */
export type BillingTab = (typeof BILLING_TABS)[number]['value'];

/** The tab named by `?tab=` (e.g. the Demo portal's `?tab=payment-methods`), else Overview. */
function tabOf(value: string | null): BillingTab {
  return BILLING_TABS.some((t) => t.value === value) ? (value as BillingTab) : 'overview';
}

/**
 * The open billing tab, kept in the address as `?tab=` (absent for Overview) so the Demo 'Manage
 * Settings' portal (`/t/{slug}/billing?tab=payment-methods`) and reloads open the right tab.
 * Returns `[tab, setTab]`; `setTab` replaces the history entry and keeps the other parameters.
 */
export function useBillingTab(): [BillingTab, (next: BillingTab) => void] {
  const [params, setParams] = useSearchParams();
  const setTab = (next: BillingTab) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'overview') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  return [tabOf(params.get('tab')), setTab];
}
