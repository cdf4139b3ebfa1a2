import type { QueryClient } from '@tanstack/react-query';
import { tenantKeys } from '@/api/keys';

/** Query keys of the Rules & Settings screen, under the tenant's root `['tenants', slug]`. */
export const rulesKeys = {
  all: (slug: string) => [...tenantKeys.all(slug), 'rules'] as const,
  cashback: (slug: string) => [...tenantKeys.all(slug), 'rules', 'cashback'] as const,
  tiers: (slug: string) => [...tenantKeys.all(slug), 'rules', 'tiers'] as const,
  offers: (slug: string) => [...tenantKeys.all(slug), 'rules', 'offers'] as const,
  /** The cashback expiry rule. */
  expiry: (slug: string) => [...tenantKeys.all(slug), 'rules', 'expiry'] as const,
  /** How the business's wallet passes look (programme name, colours, terms, logo). */
  wallet: (slug: string) => [...tenantKeys.all(slug), 'rules', 'wallet'] as const,
  /** The reward settings: welcome bonus, birthday reward, referrals, win-back offers. */
  rewards: (slug: string) => [...tenantKeys.all(slug), 'rules', 'rewards'] as const,
  /** The velocity limits: earns and the purchase amount per card, redemptions per card and per staff member. */
  limits: (slug: string) => [...tenantKeys.all(slug), 'rules', 'limits'] as const,
  /** What tills may do offline: offline redemptions and their caps. */
  offline: (slug: string) => [...tenantKeys.all(slug), 'rules', 'offline'] as const,
};

/**
 * Marks stale what a rules change moves outside this screen: the dashboard (Active Offers
 * tile) and, with `customers`, the customer lists and cards (a tier change re-tiers customers).
 */
export function invalidateRulesConsumers(queryClient: QueryClient, slug: string, { customers = false } = {}): void {
  void queryClient.invalidateQueries({ queryKey: tenantKeys.dashboard(slug) });
  if (customers) {
    void queryClient.invalidateQueries({ queryKey: tenantKeys.customers(slug) });
    void queryClient.invalidateQueries({ queryKey: tenantKeys.cards(slug) });
  }
}
