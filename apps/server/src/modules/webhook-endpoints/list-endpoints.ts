import { desc, eq } from 'drizzle-orm';
import type { WebhookEndpointListResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { endpointColumns, toEndpointItem } from './endpoints.ts';

/** GET /api/t/{slug}/webhook-endpoints: the tenant's endpoints, newest first, without their secrets. */
export async function listEndpoints(db: DbOrTx, tenantId: string): Promise<WebhookEndpointListResponse> {
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, tenantId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return { endpoints: rows.map(toEndpointItem) };
}
