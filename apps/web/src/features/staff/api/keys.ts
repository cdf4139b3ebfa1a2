import type { QueryClient } from '@tanstack/react-query';
import { tenantKeys } from '@/api/keys';

/** Query keys of the Staff Management screen, under the tenant's root `['tenants', slug]`. */
export const staffKeys = {
  all: (slug: string) => [...tenantKeys.all(slug), 'users'] as const,
};

/**
 * Marks stale everything a staff change can move: the staff list, the store list (each store's
 * `_count.users`, shown on the Stores page), the tenant (`_count.users`, billing usage).
 */
export function invalidateStaffData(queryClient: QueryClient, slug: string): void {
  void queryClient.invalidateQueries({ queryKey: staffKeys.all(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.stores(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
}
