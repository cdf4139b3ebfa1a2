import { tenantKeys } from '@/api/keys';

/** The filters of an Activity list, as in the address (empty strings are left out of requests). */
export interface ActivityFilters {
  /** A user's or API key's id. */
  actor: string;
  /** One audit kind, e.g. 'store.create'. */
  action: string;
  /** First and last UTC day, YYYY-MM-DD (both included). */
  from: string;
  to: string;
  /** The operator's list only: a tenant's slug, or 'platform' for platform events. */
  tenant?: string;
}

/**
 * Query keys of the Activity screens: the tenant's list under the tenant's root (so any change
 * that marks the tenant stale refreshes it) and the operator's under `['platform']`.
 */
export const activityKeys = {
  tenant: (slug: string, filters: ActivityFilters) => [...tenantKeys.all(slug), 'activity', filters] as const,
  platform: (filters: ActivityFilters) => ['platform', 'activity', filters] as const,
  /** The actor filter's choices (staff and API keys). */
  actors: (slug: string) => [...tenantKeys.all(slug), 'activity-actors'] as const,
};
