import type { CardOrderStatus, OutboxStatus, SubscriptionStatus } from '@loyalty/contract';

/** Filters and page of the operator's tenant list. */
export interface TenantListParams {
  /** Only tenants in this subscription status; undefined for all. */
  status?: SubscriptionStatus;
  /** Name, slug or owner e-mail as typed (already debounced: 300 ms); empty for none. */
  search?: string;
  /** Page number, from 1. */
  page: number;
  /** Tenants per page (contract: 1–200). */
  limit: number;
}

/** Filters and page of the operator's outbox (20 messages a page, newest first). */
export interface OutboxListParams {
  /** Only messages in this status; undefined for all. */
  status?: OutboxStatus;
  /** Recipient text (contains, case-insensitive), already debounced; empty for none. */
  to?: string;
  /** Page number, from 1. */
  page: number;
}

/**
 * Query keys of the platform area (/platform/*, platform_admin). Everything sits under
 * `['platform']`, so a change that can move several screens (a tenant created, edited or
 * deleted moves the stats, the activity, the tenant list and the analytics) invalidates
 * `platformKeys.all` at once. Other platform screens (plans, analytics, subscriptions,
 * settings) add their keys to this object under the same root.
 */
export const platformKeys = {
  all: ['platform'] as const,
  /** GET /api/platform/stats. */
  stats: () => ['platform', 'stats'] as const,
  /** GET /api/platform/activity?limit=. */
  activity: (limit: number) => ['platform', 'activity', limit] as const,
  /** Every tenant-list query (any filter or page). */
  tenants: () => ['platform', 'tenants'] as const,
  /** GET /api/platform/tenants/{id}/admins: a tenant's Store Admins with their two-factor state. */
  tenantAdmins: (tenantId: string) => ['platform', 'tenants', 'admins', tenantId] as const,
  /** GET /api/platform/tenants with these filters. */
  tenantList: (params: TenantListParams) => ['platform', 'tenants', 'list', params] as const,
  /** Every card-order list of the operator (any status filter). */
  cardOrders: () => ['platform', 'card-orders'] as const,
  /** GET /api/platform/card-orders?status= (undefined: every status). */
  cardOrderList: (status: CardOrderStatus | undefined) => ['platform', 'card-orders', status ?? 'all'] as const,
  /** Every outbox query (lists and single messages). */
  outbox: () => ['platform', 'outbox'] as const,
  /** GET /api/platform/outbox with these filters. */
  outboxList: (params: OutboxListParams) => ['platform', 'outbox', 'list', params] as const,
  /** GET /api/platform/outbox/{id}. */
  outboxMessage: (id: string) => ['platform', 'outbox', 'message', id] as const,
};
