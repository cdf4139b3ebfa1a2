import type { QueryClient } from '@tanstack/react-query';
import { tenantKeys } from '@/api/keys';

/** Search text and page of the customer list. */
export interface CustomerListParams {
  /** Name, e-mail or phone as typed (already debounced); empty for none. */
  search?: string;
  /** Page number, from 1. */
  page: number;
  /** Customers per page (contract: 1–200). */
  limit: number;
}

/**
 * Query keys of the Customers screen. Everything sits under `['tenants', slug, 'customers']`,
 * the key the cards feature invalidates after an activation (features/cards/api/keys.ts), so
 * a card assigned there refreshes this list and its details too, and the Assign Card modal's
 * "customers without a card" list (also under that root) refreshes after a change here.
 */
export const customersKeys = {
  all: tenantKeys.customers,
  lists: (slug: string) => [...tenantKeys.customers(slug), 'list'] as const,
  list: (slug: string, params: CustomerListParams) => [...tenantKeys.customers(slug), 'list', params] as const,
  detail: (slug: string, id: string) => [...tenantKeys.customers(slug), 'detail', id] as const,
  /** The open erasure requests (ADR 0026), under the customers' root so a customer change refreshes them. */
  erasureRequests: (slug: string) => [...tenantKeys.customers(slug), 'erasure-requests'] as const,
};

/**
 * Marks stale everything a customer change can move: every customer query (lists, details,
 * the Assign Card modal's available customers), the dashboard (Total Customers) and the cards
 * (a card shows its customer's name and contact).
 */
export function invalidateCustomerData(queryClient: QueryClient, slug: string): void {
  void queryClient.invalidateQueries({ queryKey: customersKeys.all(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.dashboard(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.cards(slug) });
}
