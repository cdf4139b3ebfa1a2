import { tenantKeys } from '@/api/keys';

/** Which items a list of the Review page shows (flags or sync conflicts): the open ones, or all of them. */
export type ReviewFilter = 'OPEN' | 'ALL';

/** Query keys of the Review page, under the tenant's root `['tenants', slug]`. */
export const reviewKeys = {
  /** Every list of flags (open and all). */
  all: (slug: string) => [...tenantKeys.all(slug), 'risk-flags'] as const,
  list: (slug: string, status: ReviewFilter) => [...tenantKeys.all(slug), 'risk-flags', status] as const,
  /** Every list of sync conflicts (open and all). */
  conflicts: (slug: string) => [...tenantKeys.all(slug), 'sync-conflicts'] as const,
  conflictList: (slug: string, status: ReviewFilter) => [...tenantKeys.all(slug), 'sync-conflicts', status] as const,
};
