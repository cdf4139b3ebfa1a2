import { and, eq } from 'drizzle-orm';
import type { WebhookEndpointInput, WebhookEndpointItem } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertEndpointUrl, auditView, endpointColumns, lockEndpoint, stopPendingDeliveries, toEndpointItem, type UrlPolicy } from './endpoints.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * PUT /api/t/{slug}/webhook-endpoints/{id}: replaces URL, description and events;
 * `enabled` absent keeps the stored value. Turning an endpoint back on clears `disabledReason`
 * and `failingSince` (a fresh start of the 5 days); turning it off stops its pending
 * deliveries (see `stopPendingDeliveries`; `now` the clock). Audit row 'webhook_endpoint.update' with before
 * and after (never the secret). Throws 404 'Webhook endpoint not found' (unknown, malformed or
 * another tenant's id), 400 for a URL `assertEndpointUrl` refuses; nothing is written then.
 */
export async function updateEndpoint(
  db: Database,
  ctx: TenantRequestContext,
  id: string,
  input: WebhookEndpointInput,
  policy: UrlPolicy,
  now: Date,
): Promise<WebhookEndpointItem> {
  return db.transaction(async (tx) => {
    const before = toEndpointItem(await lockEndpoint(tx, ctx.tenant.id, id));
    assertEndpointUrl(input.url, policy);
    const enabled = input.enabled ?? before.enabled;
    const reEnabled = enabled && !before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.url,
        description: input.description ?? null,
        events: input.events,
        enabled,
        updatedAt: now,
        ...(reEnabled ? { disabledReason: null, failingSince: null } : {}),
      })
      .where(and(eq(webhookEndpoints.tenantId, ctx.tenant.id), eq(webhookEndpoints.id, id)))
      .returning(endpointColumns);
    if (!enabled && before.enabled) await stopPendingDeliveries(tx, ctx.tenant.id, id, now);
    const item = toEndpointItem(row);
    await writeAudit(tx, {
      tenantId: ctx.tenant.id,
      ...auditActorOf(ctx),
      action: 'webhook_endpoint.update',
      entity: 'webhook_endpoint',
      entityId: id,
      before: auditView(before),
      after: auditView(item),
    });
    return item;
  });
}
