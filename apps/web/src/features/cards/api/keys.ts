import type { CardStatus } from '@loyalty/contract';
import type { QueryClient } from '@tanstack/react-query';
import { tenantKeys } from '@/features/tenant/api/get-tenant';

/** Filters and page of the card list (spec §2 'Cards Management'). */
export interface CardListParams {
  /** Only cards in this status; undefined for all. */
  status?: CardStatus;
  /** Card UID or customer name, as typed (already debounced); empty for none. */
  search?: string;
  /** Page number, from 1. */
  page: number;
  /** Cards per page (contract: 1–200). */
  limit: number;
}

/**
 * Query keys of the cards screen. Everything sits under the tenant's root `['tenants', slug]`;
 * the card keys share `['tenants', slug, 'cards']` with the POS's single-card lookup
 * (features/pos/api/get-card.ts), so invalidating `cardsKeys.all` refreshes both.
 */
export const cardsKeys = {
  all: (slug: string) => ['tenants', slug, 'cards'] as const,
  list: (slug: string, params: CardListParams) => ['tenants', slug, 'cards', 'list', params] as const,
  stores: (slug: string) => ['tenants', slug, 'stores'] as const,
  trialStatus: (slug: string) => ['tenants', slug, 'trial-status'] as const,
  availableCustomers: (slug: string, search: string) => ['tenants', slug, 'customers', 'available', search] as const,
  customers: (slug: string) => ['tenants', slug, 'customers'] as const,
};

/**
 * Marks stale everything a card change can move: card lists (and the POS card), the tenant
 * (card quota, `subscriptionInfo`), the trial status, the dashboard; with `customers` also
 * the customer lists (an activation gives a customer a card, or creates one).
 */
export function invalidateCardData(queryClient: QueryClient, slug: string, { customers = false } = {}): void {
  void queryClient.invalidateQueries({ queryKey: cardsKeys.all(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
  void queryClient.invalidateQueries({ queryKey: cardsKeys.trialStatus(slug) });
  void queryClient.invalidateQueries({ queryKey: ['tenants', slug, 'dashboard'] });
  if (customers) void queryClient.invalidateQueries({ queryKey: cardsKeys.customers(slug) });
}

/** `/t/{slug}` prefix of the tenant's API paths. */
export function tenantApi(slug: string): string {
  return `/t/${encodeURIComponent(slug)}`;
}
