import { tenantKeys } from '@/api/keys';
import type { TransactionListParams } from '../lib/filters';

/**
 * Query keys of the Transactions screen, under the tenant's root `['tenants', slug]`. The POS
 * earn and redeem mutations invalidate `['tenants', slug, 'transactions']`, so a movement made
 * at the till shows up here on the next visit.
 */
export const transactionsKeys = {
  all: tenantKeys.transactions,
  list: (slug: string, params: TransactionListParams) => [...tenantKeys.transactions(slug), 'list', params] as const,
};
