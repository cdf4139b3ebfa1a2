import { tenantKeys } from '@/api/keys';

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
