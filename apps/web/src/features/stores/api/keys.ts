import type { QueryClient } from '@tanstack/react-query';
import { tenantKeys } from '@/api/keys';

/**
 * Marks stale everything a store change can move: the store list (one key, shared with the
 * Cards page's store pickers: `tenantKeys.stores` = ['tenants', slug, 'stores']), the tenant
 * (`_count.stores`, billing usage) and the dashboard.
 */
export function invalidateStoreData(queryClient: QueryClient, slug: string): void {
  void queryClient.invalidateQueries({ queryKey: tenantKeys.stores(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.dashboard(slug) });
}
