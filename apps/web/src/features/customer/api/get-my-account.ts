import type { MyAccountResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';
import { isApiError } from '@/lib/api';

/** Query keys of the customer's own account, under the tenant's root `['tenants', slug]`. */
export const myAccountKeys = {
  me: (slug: string) => [...tenantKeys.all(slug), 'me'] as const,
};

/**
 * GET /api/t/{slug}/me (customer role only). The server scopes it to the session's own customer:
 * nothing the client sends can reach another customer.
 * @returns `{ customer, stats, recentTransactions }`: the customer with tier,
 *   `totalSpendCents`, `activeCards`, createdAt and `cards` (cardUid, `balanceCents`, status,
 *   storeName, activatedAt); `stats` in integer cents (`totalBalanceCents` = sum of card
 *   balances, `totalEarnedCents` = cashback of EARN rows, `totalRedeemedCents` = REDEEM
 *   amounts) plus `activeCards`; `recentTransactions`: the 10 newest ledger rows.
 * @throws {ApiError} 404 'Customer profile not found' (the login has no customer record),
 *   401 signed out, 403 not a customer, 404 unknown tenant.
 */
function getMyAccount(slug: string, options?: { signal?: AbortSignal }): Promise<MyAccountResponse> {
  return answer(client.GET('/api/t/{slug}/me', { params: { path: { slug } }, signal: options?.signal }));
}

/** Query options of {@link getMyAccount}. */
function myAccountQueryOptions(slug: string) {
  return queryOptions({
    queryKey: myAccountKeys.me(slug),
    queryFn: ({ signal }) => getMyAccount(slug, { signal }),
  });
}

/**
 * The signed-in customer's account for the Customer dashboard. A 404 ('Customer profile not
 * found') is an answer, not a glitch: it is not retried.
 */
export function useMyAccount(slug: string) {
  return useQuery({
    ...myAccountQueryOptions(slug),
    enabled: Boolean(slug),
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 403) && count < 2,
  });
}
