import type { QueryClient } from '@tanstack/react-query';
import { cardsKeys, tenantApi } from '@/features/cards/api/keys';
import { tenantKeys } from '@/features/tenant/api/get-tenant';

export { tenantApi };

/**
 * Marks stale everything a store change can move: the store list (one key, shared with the
 * Cards page's store pickers: `cardsKeys.stores` = ['tenants', slug, 'stores']), the tenant
 * (`_count.stores`, billing usage) and the dashboard.
 */
export function invalidateStoreData(queryClient: QueryClient, slug: string): void {
  void queryClient.invalidateQueries({ queryKey: cardsKeys.stores(slug) });
  void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
  void queryClient.invalidateQueries({ queryKey: ['tenants', slug, 'dashboard'] });
}
