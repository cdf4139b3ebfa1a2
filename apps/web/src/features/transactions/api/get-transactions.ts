import type { TransactionListResponse } from '@loyalty/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import type { TransactionListParams } from '../lib/filters';
import { transactionsKeys } from './keys';

/**
 * GET /api/t/{slug}/transactions?type=&category=&from=&to=&storeFilter=&search=&page=&limit=
 * (page from 1, limit 50). Empty filters are left out.
 * @returns `{ transactions, total, pages }`: newest first, each row a `TransactionItem` of the
 *   contract: customerName (null for a card without customer), cardUid, type (any ledger type,
 *   docs/product.md 'Ledger'), category (nullable), `amountCents`, `cashbackCents`,
 *   `beforeBalanceCents`, `afterBalanceCents` (integer cents), storeName (nullable), note,
 *   createdAt (ISO), and for refunds and voids `reversesTransactionId`, `reversedAmountCents`,
 *   `unrecoveredCents`; `total` matching rows, `pages` of `limit`.
 * @throws {ApiError} 400 bad query, 401 signed out, 403 role not allowed, 404 unknown tenant.
 *   The page only logs failures and offers a retry.
 */
function getTransactions(slug: string, params: TransactionListParams, options?: { signal?: AbortSignal }): Promise<TransactionListResponse> {
  // Empty filters are left out of the query string (openapi-fetch skips undefined values).
  const query = {
    type: params.type || undefined,
    category: params.category || undefined,
    from: params.from || undefined,
    to: params.to || undefined,
    storeFilter: params.storeFilter || undefined,
    search: params.search?.trim() || undefined,
    page: params.page,
    limit: params.limit,
  };
  return answer(client.GET('/api/t/{slug}/transactions', { params: { path: { slug }, query }, signal: options?.signal }));
}

/** Query options of {@link getTransactions}. */
function transactionsQueryOptions(slug: string, params: TransactionListParams) {
  return queryOptions({
    queryKey: transactionsKeys.list(slug, params),
    queryFn: ({ signal }) => getTransactions(slug, params, { signal }),
  });
}

/**
 * The ledger rows of the Transactions page for the given filters, search and page. While a new
 * filter or page loads, the previous answer stays on screen (`isPlaceholderData` is then true).
 */
export function useTransactions(slug: string, params: TransactionListParams) {
  return useQuery({ ...transactionsQueryOptions(slug, params), enabled: Boolean(slug), placeholderData: keepPreviousData });
}
