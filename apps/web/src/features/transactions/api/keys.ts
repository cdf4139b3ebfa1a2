import type { TransactionListParams } from '../lib/filters';

/**
 * Query keys of the Transactions screen, under the tenant's root `['tenants', slug]`. The POS
 * earn and redeem mutations invalidate `['tenants', slug, 'transactions']`, so a movement made
 * at the till shows up here on the next visit.
 */
export const transactionsKeys = {
  all: (slug: string) => ['tenants', slug, 'transactions'] as const,
  list: (slug: string, params: TransactionListParams) => ['tenants', slug, 'transactions', 'list', params] as const,
};

/** `/t/{slug}` prefix of the tenant's API paths. */
export function tenantApi(slug: string): string {
  return `/t/${encodeURIComponent(slug)}`;
}
