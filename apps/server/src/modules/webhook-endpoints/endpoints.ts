import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { WebhookEndpointItem, WebhookEventType } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { literalHostProblem } from './address-guard.ts';
import { STOPPED_NOT_SENT } from './delivery-rules.ts';

/** What the endpoint use cases share: who acts, the URL rules, the row's columns and item, its lock, a new secret, stopping its pending deliveries. */

/** A fresh signing secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Where the URL rules of `assertEndpointUrl` come from: production (https only) and WEBHOOKS_ALLOW_PRIVATE. */
export interface UrlPolicy {
  production: boolean;
  allowPrivate: boolean;
}

/** 400 VALIDATION_ERROR with `details: [{ field: 'url', message }]`. */
const urlError = (message: string) => badRequest(message, [{ field: 'url', message }]);

/**
 * The save-time rules of an endpoint URL (the contract already checked it is an
 * absolute http(s) URL of at most 2,000 characters): https only in production; never
 * 'localhost' nor a literal private, loopback, link-local (… see address-guard.ts) IP address,
 * unless `allowPrivate`. Host names are resolved and checked at every delivery, not here.
 * Throws 400 VALIDATION_ERROR with details `[{ field: 'url', message }]`.
 */
export function assertEndpointUrl(url: string, policy: UrlPolicy): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw urlError('Enter a full URL starting with https://');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw urlError('Enter a full URL starting with https://');
  if (policy.production && parsed.protocol !== 'https:') throw urlError('The URL must start with https://');
  if (!policy.allowPrivate) {
    const problem = literalHostProblem(parsed.hostname);
    if (problem) throw urlError(problem);
  }
}

/** The columns of an endpoint as listed (never its secret). */
export const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  createdAt: webhookEndpoints.createdAt,
};

/** A row of `endpointColumns` → WebhookEndpointItem (times ISO-8601). */
export function toEndpointItem(row: {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
}): WebhookEndpointItem {
  return {
    id: row.id,
    url: row.url,
    description: row.description ?? null,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit rows record of an endpoint (never its secret). */
export function auditView(item: WebhookEndpointItem) {
  return { url: item.url, description: item.description, events: item.events, enabled: item.enabled };
}

/** The endpoint `id` of tenant `tenantId` locked FOR NO KEY UPDATE in `tx`; 404 'Webhook endpoint not found' when it is unknown, malformed or another tenant's. */
export async function lockEndpoint(tx: Tx, tenantId: string, id: string) {
  if (!isUuid(id)) throw notFound('Webhook endpoint not found');
  const [row] = await tx
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)))
    .for('no key update');
  if (!row) throw notFound('Webhook endpoint not found');
  return row;
}

/**
 * Ends the pending deliveries of endpoint `endpointId` (it was disabled, by its admin or by
 * the worker at `now`): they become 'failed' with no next attempt; one never attempted says
 * STOPPED_NOT_SENT, one attempted keeps its last outcome. A delivery being sent (claimed until
 * after `now`) is left to its worker, which sees the endpoint disabled and does not retry it.
 * One statement in `tx`.
 */
export async function stopPendingDeliveries(tx: DbOrTx, tenantId: string, endpointId: string, now: Date): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({
      status: 'failed',
      nextAttemptAt: null,
      lockedUntil: null,
      responseExcerpt: sql`case when ${webhookDeliveries.attempts} = 0 then ${STOPPED_NOT_SENT} else ${webhookDeliveries.responseExcerpt} end`,
    })
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
      ),
    );
}
