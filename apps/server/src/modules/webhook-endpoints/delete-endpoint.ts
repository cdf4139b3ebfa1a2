import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { auditView, lockEndpoint, toEndpointItem } from './endpoints.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * DELETE /api/t/{slug}/webhook-endpoints/{id}: removes the endpoint and, through
 * the foreign key's cascade, its delivery log; audit row 'webhook_endpoint.delete' with what
 * it was. Throws 404 'Webhook endpoint not found' (unknown, malformed or another tenant's id).
 */
export async function deleteEndpoint(db: Database, ctx: TenantRequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = toEndpointItem(await lockEndpoint(tx, ctx.tenant.id, id));
    await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.tenantId, ctx.tenant.id), eq(webhookEndpoints.id, id)));
    await writeAudit(tx, {
      tenantId: ctx.tenant.id,
      ...auditActorOf(ctx),
      action: 'webhook_endpoint.delete',
      entity: 'webhook_endpoint',
      entityId: id,
      before: auditView(before),
    });
  });
}
