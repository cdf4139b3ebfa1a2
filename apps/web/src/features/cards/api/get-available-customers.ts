import type { AvailableCustomersResponse } from '@loyalty/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { cardsKeys } from './keys';

/**
 * GET /api/t/{slug}/customers/available?search=: the customers who hold no card yet, the only ones
 * the Assign Card modal may offer. `search` matches name, e-mail or phone; pass it already
 * debounced (~300 ms).
 * @returns `{ customers: [{ id, firstName, lastName, email, phone }] }` (email/phone may be null).
 * @throws {ApiError} 401, 403 (role not allowed), 404 unknown tenant.
 */
function getAvailableCustomers(slug: string, search: string, options?: { signal?: AbortSignal }): Promise<AvailableCustomersResponse> {
  const query = { search: search.trim() || undefined };
  return answer(client.GET('/api/t/{slug}/customers/available', { params: { path: { slug }, query }, signal: options?.signal }));
}

/**
 * Customers without a card, filtered by `search` (debounce it before passing). Idle while
 * `enabled` is false (e.g. the modal is in 'New customer' mode). Keeps the previous list on
 * screen while the next search loads.
 */
export function useAvailableCustomers(slug: string, search: string, { enabled = true }: { enabled?: boolean } = {}) {
  const term = search.trim();
  return useQuery({
    queryKey: cardsKeys.availableCustomers(slug, term),
    queryFn: ({ signal }) => getAvailableCustomers(slug, term, { signal }),
    enabled: Boolean(slug) && enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
