import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';

/**
 * Read views of the webhook endpoints for the modules that raise events (ADR 0012): imports no
 * module, so the ledger can ask before it builds an event's data.
 */

/**
 * The event types tenant `tenantId`'s enabled webhook endpoints subscribe to, in one
 * indexed read (webhook_endpoints_enabled_idx): empty for a tenant without endpoints, so a
 * movement builds no event data then.
 */
export async function webhookSubscriptions(db: DbOrTx, tenantId: string): Promise<Set<WebhookEventType>> {
  const rows = await db
    .select({ events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), sql`${webhookEndpoints.enabled}`));
  return new Set(rows.flatMap((r) => r.events));
}
