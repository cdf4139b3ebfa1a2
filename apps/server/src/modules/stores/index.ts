/**
 * The stores module's public face: the only file of `modules/stores/` that other modules and
 * the app import. The module owns the `stores` table: a tenant's shops, their names, whether
 * they take online sign-ups and their daily cap. It lists, creates and updates them (under the
 * plan's store limit, ADR 0005) and answers other modules' questions about them: a store's
 * name, whether it exists and is active, counts per tenant.
 */
export { createMainStore } from './create-store.ts';
export {
  countStores,
  joinableStore,
  joinableStoreOrFirst,
  oldestActiveStoreId,
  requireStoreEnrolment,
  requireStoreName,
  storeCountsByTenant,
  storeGrowth,
  storeNameMap,
  storeNameOf,
  storeNames,
} from './lookups.ts';
export { storeRoutes } from './routes.ts';
