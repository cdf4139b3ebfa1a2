/**
 * The tenants module's public face (ADR 0012, ADR 0028). It owns the `tenants` rows (the
 * business's account: subscription state, trial, grace, purchased cards, provider ids) and the
 * `plans` catalogue, and is the one place that
 * - serialises a tenant's allowance-spending and billing writes on the tenant row
 *   (`lockTenant`, ADR 0005);
 * - decides the plan limits for stores and staff and the card quota, from counts the calling
 *   module reads from its own table;
 * - writes the account's state (subscription period, status, purchased cards, provider ids).
 * It depends on no other module: stores, users, cards, billing, checkout, card orders and
 * webhooks call it.
 */

export { assertCanActivateCard, assertCardBatchAllowed, assertTillReserveKept } from './card-quota.ts';
export { insertTenant } from './create-tenant.ts';
export {
  findTenant,
  findTenantIdForProvider,
  paymentTenantOf,
  subscriptionPeriodOf,
  tenantContextById,
  tenantContextByIdFinder,
  tenantContextBySlug,
  tenantContextFinder,
  tenantContexts,
  tenantHeader,
  tenantIdBySlug,
  tenantLabels,
  tenantNames,
  toTenantContext,
} from './find-tenant.ts';
export {
  activeTenantCount,
  listTenantsPage,
  newestTenants,
  tenantGrowth,
  tenantsByStatus,
  tenantsCreatedByMonth,
  tenantsOnPlan,
  tenantsPerPlan,
  tenantStatusSummary,
} from './list-tenants.ts';
export { lockTenant, type TenantAccount } from './lock-tenant.ts';
export { assertPlanAllowsOneMore, lockTenantLimits } from './plan-limits.ts';
export {
  defaultPlanId,
  deletePlanRow,
  ensurePlans,
  findPlan,
  insertPlan,
  listActivePlanRows,
  listPlanRows,
  lockPlan,
  type NewPlan,
  planIdByStripePrice,
  type PlanRow,
  plansByIds,
  planSummaries,
  updatePlanRow,
} from './plans.ts';
export {
  activateSubscription,
  activeTenantsWithPeriodEndedBefore,
  addPurchasedCards,
  claimProviderCustomerId,
  setProviderSubscriptionId,
  type SubscriptionStatePatch,
  updateSubscriptionState,
} from './subscription-state.ts';
export { deleteTenantRow, lockTenantForChange, setTenantReceipts, setTenantTimezone, updateTenantAccount } from './update-tenant.ts';
