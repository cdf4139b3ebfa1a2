import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { writeAudit } from '../audit/index.ts';
import { auditView, type EndpointActor, lockEndpoint, toEndpointItem } from './endpoints.ts';

/**
 * DELETE /api/t/{slug}/webhook-endpoints/{id}: removes the endpoint and, through
 * the foreign key's cascade, its delivery log; audit row 'webhook_endpoint.delete' with what
 * it was. Throws 404 'Webhook endpoint not found' (unknown, malformed or another tenant's id).
 */
export async function deleteEndpoint(db: Database, actor: EndpointActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = toEndpointItem(await lockEndpoint(tx, actor.tenantId, id));
    await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.tenantId, actor.tenantId), eq(webhookEndpoints.id, id)));
    await writeAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'webhook_endpoint.delete',
      entity: 'webhook_endpoint',
      entityId: id,
      before: auditView(before),
    });
  });
}
