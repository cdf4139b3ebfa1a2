import type { CustomerListResponse } from '@loyalty/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { customersKeys, type CustomerListParams } from './keys';

/**
 * GET /api/t/{slug}/customers?search=&page=&limit= (tenant_admin). `search` matches first, last or
 * full name, e-mail or phone, case-insensitively; an empty search is left out of the query string.
 * @returns `{ customers, total, pages }`, newest first: each customer with id, firstName,
 *   lastName, email and phone (null when none), tier (SILVER | GOLD | PLATINUM),
 *   `totalSpendCents` (integer cents), `activeCards` (count of ACTIVE cards) and createdAt (ISO);
 *   `total` counts all matches, `pages` the pages of `limit`.
 * @throws {ApiError} 400 bad query, 401 signed out, 403 role not allowed, 404 unknown tenant.
 */
function getCustomers(slug: string, params: CustomerListParams, options?: { signal?: AbortSignal }): Promise<CustomerListResponse> {
  const query = { search: params.search?.trim() || undefined, page: params.page, limit: params.limit };
  return answer(client.GET('/api/t/{slug}/customers', { params: { path: { slug }, query }, signal: options?.signal }));
}

/** Query options of {@link getCustomers}. */
function customersQueryOptions(slug: string, params: CustomerListParams) {
  return queryOptions({
    queryKey: customersKeys.list(slug, params),
    queryFn: ({ signal }) => getCustomers(slug, params, { signal }),
  });
}

/**
 * The customer list of the Customers page. While another search or page loads, the
 * previous answer stays on screen (`isPlaceholderData` is then true) instead of the skeleton.
 */
export function useCustomers(slug: string, params: CustomerListParams) {
  return useQuery({ ...customersQueryOptions(slug, params), enabled: Boolean(slug), placeholderData: keepPreviousData });
}
