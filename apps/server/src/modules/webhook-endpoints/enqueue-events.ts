import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

/** The webhook outbox's writer: events written in their own change's transaction (ADR 0020). */

/** The events a delivery may carry: the subscribable ones and 'webhook.test' (Send test event). */
export type DeliveryEventType = WebhookEventType | 'webhook.test';

/** A fresh event id, `msg_` + 24 base64url characters (144 random bits): the `webhook-id` of every delivery of one event. */
export function newEventId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** One event to enqueue: its type and its `data` (any JSON-serialisable value; Dates become ISO-8601 strings). */
export interface WebhookEvent {
  type: WebhookEventType;
  data: unknown;
}

/** The JSON body of an event (Standard Webhooks' recommended shape): `{ type, timestamp: ISO-8601, data }`. */
export function eventPayload(type: DeliveryEventType, data: unknown, now: Date): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), data: data ?? null });
}

/**
 * Writes one event of tenant `tenantId` to the webhook outbox in `tx`, the event's own
 * transaction (an event is never sent for a change that rolled back, ADR 0020):
 * see `enqueueWebhookEvents`. `now` is the event's instant (the payload's `timestamp`; due then).
 */
export async function enqueueWebhookEvent(tx: DbOrTx, tenantId: string, type: WebhookEventType, data: unknown, now: Date): Promise<void> {
  await enqueueWebhookEvents(tx, tenantId, [{ type, data }], now);
}

/**
 * Writes `events` of tenant `tenantId` to the webhook outbox in `tx`, the caller's transaction,
 * in ONE insert…select statement: a `webhook_deliveries` row, pending and due at
 * `now`, for every pair of an event and an enabled endpoint of the tenant subscribed to its
 * type; no row (still one round trip) when there is none; no statement at all for an empty
 * list. Each event gets its own id (`msg_…`, the same for all its endpoints) and the payload
 * `{ type, timestamp: now as ISO-8601, data }`. Nothing is sent here: the worker picks the rows
 * up within a minute (sooner after a nudge once the transaction has committed). Throws only
 * the database's errors (which abort the caller's transaction).
 */
export async function enqueueWebhookEvents(tx: DbOrTx, tenantId: string, events: readonly WebhookEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  const at = now.toISOString();
  const values = sql.join(
    events.map((e) => sql`(${newEventId()}::text, ${e.type}::text, ${eventPayload(e.type, e.data, now)}::jsonb)`),
    sql`, `,
  );
  await tx.execute(sql`insert into ${webhookDeliveries} (tenant_id, endpoint_id, event_id, event_type, payload, round_started_at, next_attempt_at, created_at)
    select e.tenant_id, e.id, ev.event_id, ev.event_type, ev.payload, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from ${webhookEndpoints} e
    join (values ${values}) as ev(event_id, event_type, payload) on ev.event_type = any(e.events)
    where e.tenant_id = ${tenantId} and e.enabled`);
}
