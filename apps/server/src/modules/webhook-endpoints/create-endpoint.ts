import type { CreateWebhookEndpointResponse, WebhookEndpointInput } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertEndpointUrl, auditView, endpointColumns, newSigningSecret, toEndpointItem, type UrlPolicy } from './endpoints.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * POST /api/t/{slug}/webhook-endpoints: creates an endpoint (`enabled` default
 * true) with a fresh signing secret (`whsec_` + base64 of 32 random bytes), answered this once
 * with the endpoint, and an audit row 'webhook_endpoint.create' (without the secret). Throws
 * 400 for a URL `assertEndpointUrl` refuses (nothing written).
 */
export async function createEndpoint(
  db: Database,
  ctx: TenantRequestContext,
  input: WebhookEndpointInput,
  policy: UrlPolicy,
): Promise<CreateWebhookEndpointResponse> {
  assertEndpointUrl(input.url, policy);
  const secret = newSigningSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        tenantId: ctx.tenant.id,
        url: input.url,
        description: input.description ?? null,
        events: input.events,
        enabled: input.enabled ?? true,
        secret,
      })
      .returning(endpointColumns);
    const item = toEndpointItem(row);
    await writeAudit(tx, {
      tenantId: ctx.tenant.id,
      ...auditActorOf(ctx),
      action: 'webhook_endpoint.create',
      entity: 'webhook_endpoint',
      entityId: item.id,
      after: auditView(item),
    });
    return { ...item, secret };
  });
}
