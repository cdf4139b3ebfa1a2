import type { CardStatus } from '@loyalty/contract';
import type { QueryClient } from '@tanstack/react-query';
import { tenantApi, tenantKeys } from '@/api/keys';

export { tenantApi };

/** Filters and page of the card list. */
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
 * Query keys of the cards screen, built on the shared tenant keys (api/keys.ts). The card keys
 * share `tenantKeys.cards` = `['tenants', slug, 'cards']` with the POS's single-card lookup
 * (features/pos/api/get-card.ts), so invalidating `cardsKeys.all` refreshes both.
 */
export const cardsKeys = {
  all: tenantKeys.cards,
  list: (slug: string, params: CardListParams) => [...tenantKeys.cards(slug), 'list', params] as const,
  availableCustomers: (slug: string, search: string) => [...tenantKeys.customers(slug), 'available', search] as const,
};

/**
 * Marks stale everything a card change can move: card lists (and the POS card), the tenant
 * (card quota, `subscriptionInfo`), the trial status, the dashboard; with `customers` also
 * the customer lists (an activation gives a customer a card, or creates one).
 */
export function invalidateCardData(queryClient: QueryClient, slug: string, { customers = false } = {}): void {
  void queryClient.invalidateQueries({ queryKey: cardsKeys.all(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.trialStatus(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.dashboard(slug) });
  if (customers) void queryClient.invalidateQueries({ queryKey: tenantKeys.customers(slug) });
}
