import { tenantApi, tenantKeys } from '@/api/keys';

/**
 * Query keys of the Integrations screen, under the tenant's root `['tenants', slug]`:
 * the API keys, the webhook endpoints and, below each endpoint, its delivery log (so marking
 * the endpoints stale refreshes every open log too).
 */
export const integrationKeys = {
  all: (slug: string) => [...tenantKeys.all(slug), 'integrations'] as const,
  apiKeys: (slug: string) => [...tenantKeys.all(slug), 'integrations', 'api-keys'] as const,
  webhookEndpoints: (slug: string) => [...tenantKeys.all(slug), 'integrations', 'webhook-endpoints'] as const,
  /** The delivery log of one endpoint. */
  deliveries: (slug: string, endpointId: string) => [...tenantKeys.all(slug), 'integrations', 'webhook-endpoints', endpointId, 'deliveries'] as const,
};

/** `/t/{slug}/api-keys`, the tenant's API keys below /api. */
export function apiKeysPath(slug: string): string {
  return `${tenantApi(slug)}/api-keys`;
}

/** `/t/{slug}/webhook-endpoints`, the tenant's webhook endpoints below /api. */
export function webhookEndpointsPath(slug: string): string {
  return `${tenantApi(slug)}/webhook-endpoints`;
}

/** `/t/{slug}/webhook-endpoints/{id}`: one endpoint below /api. */
export function webhookEndpointPath(slug: string, id: string): string {
  return `${webhookEndpointsPath(slug)}/${encodeURIComponent(id)}`;
}
