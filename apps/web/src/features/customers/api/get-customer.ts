import type { CustomerDetail } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { customersKeys } from './keys';

/**
 * GET /api/t/{slug}/customers/{id} (tenant_admin).
 * @returns the customer (as a list row: tier, `totalSpendCents` in cents, `activeCards`,
 *   createdAt) with `cards`: id, cardUid, `balanceCents` (cents), status (ACTIVE | BLOCKED |
 *   UNASSIGNED), storeName and activatedAt (ISO or null).
 * @throws {ApiError} 401, 403 role not allowed, 404 'Customer not found' (unknown id or
 *   another tenant's customer).
 */
function getCustomer(slug: string, id: string, options?: { signal?: AbortSignal }): Promise<CustomerDetail> {
  return answer(client.GET('/api/t/{slug}/customers/{id}', { params: { path: { slug, id } }, signal: options?.signal }));
}

/** Query options of {@link getCustomer}. */
function customerQueryOptions(slug: string, id: string) {
  return queryOptions({
    queryKey: customersKeys.detail(slug, id),
    queryFn: ({ signal }) => getCustomer(slug, id, { signal }),
  });
}

/** One customer with cards and balances, for the Customer Details modal; idle while `id` is null. */
export function useCustomer(slug: string, id: string | null) {
  return useQuery({ ...customerQueryOptions(slug, id ?? ''), enabled: Boolean(slug && id) });
}
