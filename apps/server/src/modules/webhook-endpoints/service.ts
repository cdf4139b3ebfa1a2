import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type {
  CreateWebhookEndpointResponse,
  WebhookDeliveryItem,
  WebhookDeliveryListResponse,
  WebhookEndpointInput,
  WebhookEndpointItem,
  WebhookEndpointListResponse,
  WebhookEventType,
} from '@loyalty/contract';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { renderWebhookDisabled } from '../../emails/webhook-disabled.tsx';
import { badRequest, notFound } from '../../errors.ts';
import { DAY_MS, HOUR_MS } from '../../lib/time.ts';
import { rowsOf, scrubJsonSql, scrubTextSql } from '../../lib/sql.ts';
import { isUuid } from '../../lib/uuid.ts';
import { writeAudit } from '../audit/service.ts';
import { enqueueEmail } from '../outbox/service.ts';
import { tenantNames } from '../tenants/index.ts';
import { tenantAdminContacts } from '../users/index.ts';
import { literalHostProblem, type ResolveHost } from './address-guard.ts';
import { sendWebhook, type AttemptOutcome } from './delivery.ts';

/**
 * Outgoing webhooks (issue 17 'Outgoing webhooks'): the module owns `webhook_endpoints` and
 * `webhook_deliveries`. A tenant's Store Admin registers endpoints (URL, subscribed events, a
 * signing secret shown once); every event of the tenant is written, by the module where it
 * happens, with `enqueueWebhookEvent(s)` in the event's own transaction: one delivery row per
 * enabled, subscribed endpoint (the outbox of the webhooks), so a delivery exists exactly when
 * the event committed. The worker (job.ts → `dispatchWebhooks`) POSTs each due delivery signed
 * per Standard Webhooks, behind the SSRF guard (address-guard.ts, at every attempt), and
 * retries failures for 3 days (RETRY_SCHEDULE_MS); an endpoint whose deliveries have failed for
 * 5 days is disabled and its Store Admins are e-mailed. Delivery is at least once: receivers
 * deduplicate on `webhook-id`.
 */

/** The events a delivery may carry: the subscribable ones and 'webhook.test' (Send test event). */
export type DeliveryEventType = WebhookEventType | 'webhook.test';

/** Deliveries the endpoint's log lists: the newest 100 (issue 17 'a delivery log per endpoint'). */
export const DELIVERY_LOG_SIZE = 100;
/**
 * Waits after a failed attempt, in milliseconds, by attempt of the round (Standard Webhooks'
 * suggested schedule, issue 17 'retries and exponential back-off'): after the 1st failure 5 s,
 * then 5 min, 30 min, 2 h, 5 h, 10 h, and 10 h again for every later one.
 */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * HOUR_MS, 5 * HOUR_MS, 10 * HOUR_MS] as const;
/** How long a round of attempts lasts (from creation or the last Resend): 3 days (issue 17). */
export const RETRY_WINDOW_MS = 3 * DAY_MS;
/** An endpoint whose deliveries have failed for this long (from `failing_since`) is disabled: 5 days (issue 17). */
export const DISABLE_AFTER_MS = 5 * DAY_MS;
/** `disabled_reason` of an endpoint the worker disabled. */
export const DISABLED_REASON = 'Disabled after 5 days of failed deliveries';
/** `response_excerpt` of a pending delivery stopped, before any attempt, because its endpoint was disabled. */
export const STOPPED_NOT_SENT = 'not sent: the endpoint was disabled';
/** Deliveries one dispatch run claims at most. */
export const DISPATCH_BATCH = 50;
/** Deliveries of one run sent at the same time. */
export const PARALLEL_SENDS = 5;
/** How long a claim holds a delivery (ms): a crashed worker's claim lapses after this and the delivery is attempted again. */
export const CLAIM_LEASE_MS = 5 * 60_000;

/** A fresh event id, `msg_` + 24 base64url characters (144 random bits): the `webhook-id` of every delivery of one event. */
export function newEventId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** A fresh signing secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** One event to enqueue: its type and its `data` (any JSON-serialisable value; Dates become ISO-8601 strings). */
export interface WebhookEvent {
  type: WebhookEventType;
  data: unknown;
}

/** The JSON body of an event (Standard Webhooks' recommended shape): `{ type, timestamp: ISO-8601, data }`. */
function eventPayload(type: DeliveryEventType, data: unknown, now: Date): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), data: data ?? null });
}

/**
 * Writes one event of tenant `tenantId` to the webhook outbox in `tx`, the event's own
 * transaction (issue 17: 'written to the outbox in the same DB transaction as the event'):
 * see `enqueueWebhookEvents`. `now` is the event's instant (the payload's `timestamp`; due then).
 */
export async function enqueueWebhookEvent(tx: DbOrTx, tenantId: string, type: WebhookEventType, data: unknown, now: Date): Promise<void> {
  await enqueueWebhookEvents(tx, tenantId, [{ type, data }], now);
}

/**
 * Writes `events` of tenant `tenantId` to the webhook outbox in `tx`, the caller's transaction
 * (issue 17), in ONE insert…select statement: a `webhook_deliveries` row, pending and due at
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

// ---------------------------------------------------------------------------------------------
// Endpoint management (routes.ts)
// ---------------------------------------------------------------------------------------------

/** Who manages endpoints: the tenant and the signed-in Store Admin (audit rows name them). */
export interface EndpointActor {
  tenantId: string;
  userId: string;
}

/** Where the URL rules of `assertEndpointUrl` come from: production (https only) and WEBHOOKS_ALLOW_PRIVATE. */
export interface UrlPolicy {
  production: boolean;
  allowPrivate: boolean;
}

/** 400 VALIDATION_ERROR with `details: [{ field: 'url', message }]`. */
const urlError = (message: string) => badRequest(message, [{ field: 'url', message }]);

/**
 * The save-time rules of an endpoint URL (issue 17; the contract already checked it is an
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

const endpointColumns = {
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
function toEndpointItem(row: {
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
function auditView(item: WebhookEndpointItem) {
  return { url: item.url, description: item.description, events: item.events, enabled: item.enabled };
}

/** The endpoint `id` of tenant `tenantId` locked FOR NO KEY UPDATE in `tx`; 404 'Webhook endpoint not found' when it is unknown, malformed or another tenant's. */
async function lockEndpoint(tx: Tx, tenantId: string, id: string) {
  if (!isUuid(id)) throw notFound('Webhook endpoint not found');
  const [row] = await tx
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)))
    .for('no key update');
  if (!row) throw notFound('Webhook endpoint not found');
  return row;
}

/** GET /api/t/{slug}/webhook-endpoints (issue 17): the tenant's endpoints, newest first, without their secrets. */
export async function listEndpoints(db: DbOrTx, tenantId: string): Promise<WebhookEndpointListResponse> {
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, tenantId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return { endpoints: rows.map(toEndpointItem) };
}

/**
 * POST /api/t/{slug}/webhook-endpoints (issue 17): creates an endpoint (`enabled` default
 * true) with a fresh signing secret (`whsec_` + base64 of 32 random bytes), answered this once
 * with the endpoint, and an audit row 'webhook_endpoint.create' (without the secret). Throws
 * 400 for a URL `assertEndpointUrl` refuses (nothing written).
 */
export async function createEndpoint(db: Database, actor: EndpointActor, input: WebhookEndpointInput, policy: UrlPolicy): Promise<CreateWebhookEndpointResponse> {
  assertEndpointUrl(input.url, policy);
  const secret = newSigningSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ tenantId: actor.tenantId, url: input.url, description: input.description ?? null, events: input.events, enabled: input.enabled ?? true, secret })
      .returning(endpointColumns);
    const item = toEndpointItem(row);
    await writeAudit(tx, { tenantId: actor.tenantId, userId: actor.userId, action: 'webhook_endpoint.create', entity: 'webhook_endpoint', entityId: item.id, after: auditView(item) });
    return { ...item, secret };
  });
}

/**
 * Ends the pending deliveries of endpoint `endpointId` (it was disabled, by its admin or by
 * the worker at `now`): they become 'failed' with no next attempt; one never attempted says
 * STOPPED_NOT_SENT, one attempted keeps its last outcome. A delivery being sent (claimed until
 * after `now`) is left to its worker, which sees the endpoint disabled and does not retry it.
 * One statement in `tx`.
 */
async function stopPendingDeliveries(tx: DbOrTx, tenantId: string, endpointId: string, now: Date): Promise<void> {
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

/**
 * PUT /api/t/{slug}/webhook-endpoints/{id} (issue 17): replaces URL, description and events;
 * `enabled` absent keeps the stored value. Turning an endpoint back on clears `disabledReason`
 * and `failingSince` (a fresh start of the 5 days); turning it off stops its pending
 * deliveries (see `stopPendingDeliveries`; `now` the clock). Audit row 'webhook_endpoint.update' with before
 * and after (never the secret). Throws 404 'Webhook endpoint not found' (unknown, malformed or
 * another tenant's id), 400 for a URL `assertEndpointUrl` refuses; nothing is written then.
 */
export async function updateEndpoint(
  db: Database,
  actor: EndpointActor,
  id: string,
  input: WebhookEndpointInput,
  policy: UrlPolicy,
  now: Date,
): Promise<WebhookEndpointItem> {
  return db.transaction(async (tx) => {
    const before = toEndpointItem(await lockEndpoint(tx, actor.tenantId, id));
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
      .where(and(eq(webhookEndpoints.tenantId, actor.tenantId), eq(webhookEndpoints.id, id)))
      .returning(endpointColumns);
    if (!enabled && before.enabled) await stopPendingDeliveries(tx, actor.tenantId, id, now);
    const item = toEndpointItem(row);
    await writeAudit(tx, { tenantId: actor.tenantId, userId: actor.userId, action: 'webhook_endpoint.update', entity: 'webhook_endpoint', entityId: id, before: auditView(before), after: auditView(item) });
    return item;
  });
}

/**
 * DELETE /api/t/{slug}/webhook-endpoints/{id} (issue 17): removes the endpoint and, through
 * the foreign key's cascade, its delivery log; audit row 'webhook_endpoint.delete' with what
 * it was. Throws 404 'Webhook endpoint not found' (unknown, malformed or another tenant's id).
 */
export async function deleteEndpoint(db: Database, actor: EndpointActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = toEndpointItem(await lockEndpoint(tx, actor.tenantId, id));
    await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.tenantId, actor.tenantId), eq(webhookEndpoints.id, id)));
    await writeAudit(tx, { tenantId: actor.tenantId, userId: actor.userId, action: 'webhook_endpoint.delete', entity: 'webhook_endpoint', entityId: id, before: auditView(before) });
  });
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  durationMs: webhookDeliveries.durationMs,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  payload: webhookDeliveries.payload,
};

/** A row of `deliveryColumns` → WebhookDeliveryItem (times ISO-8601; `nextAttemptAt` only while pending). */
function toDeliveryItem(row: {
  id: string;
  eventId: string;
  eventType: DeliveryEventType;
  status: WebhookDeliveryItem['status'];
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  responseExcerpt: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  payload: unknown;
}): WebhookDeliveryItem {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: Number(row.attempts),
    responseStatus: row.responseStatus ?? null,
    durationMs: row.durationMs ?? null,
    responseExcerpt: row.responseExcerpt ?? null,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    payload: row.payload,
  };
}

/** Delivery `id` of tenant `tenantId` as an item (no lock). */
async function deliveryItem(db: DbOrTx, tenantId: string, id: string): Promise<WebhookDeliveryItem> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)));
  return toDeliveryItem(row);
}

/**
 * GET /api/t/{slug}/webhook-endpoints/{id}/deliveries (issue 17 'a delivery log per
 * endpoint'): its newest DELIVERY_LOG_SIZE (100) deliveries, newest first, each with status,
 * attempts, last response status, duration (ms), excerpt and payload. Throws 404 'Webhook
 * endpoint not found' (unknown, malformed or another tenant's id).
 */
export async function listDeliveries(db: DbOrTx, tenantId: string, endpointId: string): Promise<WebhookDeliveryListResponse> {
  if (!isUuid(endpointId)) throw notFound('Webhook endpoint not found');
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, endpointId)));
  if (!endpoint) throw notFound('Webhook endpoint not found');
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
  return { deliveries: rows.map(toDeliveryItem) };
}

/**
 * POST /api/t/{slug}/webhook-endpoints/{id}/test (issue 17 'Send test event'): writes a
 * 'webhook.test' delivery for this endpoint only, pending and due at `now`, with the payload
 * `{ type: 'webhook.test', timestamp, data: { endpointId, message } }`, and answers it; the
 * caller nudges the worker. Works on a disabled endpoint too (one attempt, no retries: see
 * `dispatchWebhooks`), so an admin can check the receiver before turning it back on. Throws
 * 404 'Webhook endpoint not found'.
 */
export async function sendTestEvent(db: Database, tenantId: string, endpointId: string, now: Date): Promise<WebhookDeliveryItem> {
  return db.transaction(async (tx) => {
    await lockEndpoint(tx, tenantId, endpointId);
    const data = { endpointId, message: 'This is a test event. Your endpoint received it.' };
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        tenantId,
        endpointId,
        eventId: newEventId(),
        eventType: 'webhook.test',
        payload: sql`${eventPayload('webhook.test', data, now)}::jsonb`,
        roundStartedAt: now,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning(deliveryColumns);
    return toDeliveryItem(row);
  });
}

/**
 * POST /api/t/{slug}/webhook-endpoints/deliveries/{deliveryId}/resend (issue 17 'with
 * Resend'): the delivery goes out again with the same event id and payload: pending, due at
 * `now`, a new 3-day round starting at `now` (its retry schedule starts over), attempts and
 * the last outcome kept until the next attempt. A delivery being sent right now (claimed by
 * the worker) is left as it is and answered as it is. On a disabled endpoint it gets one
 * attempt and no retry (as a test event). Throws 404 'Delivery not found'
 * (unknown, malformed or another tenant's id). The caller nudges the worker.
 */
export async function resendDelivery(db: Database, tenantId: string, deliveryId: string, now: Date): Promise<WebhookDeliveryItem> {
  if (!isUuid(deliveryId)) throw notFound('Delivery not found');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: webhookDeliveries.status, lockedUntil: webhookDeliveries.lockedUntil })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, deliveryId)))
      .for('update');
    if (!row) throw notFound('Delivery not found');
    const inFlight = row.status === 'pending' && row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
    if (!inFlight) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', roundStartedAt: now, nextAttemptAt: now, lockedUntil: null })
        .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, deliveryId)));
    }
    return deliveryItem(tx, tenantId, deliveryId);
  });
}

// ---------------------------------------------------------------------------------------------
// The worker (job.ts)
// ---------------------------------------------------------------------------------------------

/**
 * The wait (ms) after the `attempt`-th attempt of a round failed (1-based; issue 17, Standard
 * Webhooks' schedule): 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h for the 6th and every later one.
 */
export function retryDelayMs(attempt: number): number {
  return RETRY_SCHEDULE_MS[Math.min(Math.max(1, attempt), RETRY_SCHEDULE_MS.length) - 1];
}

/**
 * Which attempt of its round a claimed delivery is making (1-based), from what the row keeps:
 * the first when it was never attempted or not since the round began (a Resend); else one
 * more than the attempt whose failure set the wait it just waited (`nextAttemptAt` −
 * `lastAttemptAt`, always a RETRY_SCHEDULE_MS step: both are written from the same clock).
 * A wait of 10 h counts as the 6th step (every later one is 10 h as well, which gives the same
 * next wait).
 */
export function attemptOfRound(row: { roundStartedAt: Date; lastAttemptAt: Date | null; nextAttemptAt: Date | null }): number {
  if (!row.lastAttemptAt || !row.nextAttemptAt || row.lastAttemptAt.getTime() < row.roundStartedAt.getTime()) return 1;
  const waited = row.nextAttemptAt.getTime() - row.lastAttemptAt.getTime();
  let step = 0;
  for (let i = 0; i < RETRY_SCHEDULE_MS.length; i++) if (RETRY_SCHEDULE_MS[i] <= waited) step = i + 1;
  return Math.max(1, step) + 1;
}

/**
 * When the next attempt falls after the `attempt`-th attempt of a round failed at `failedAt`:
 * `failedAt + retryDelayMs(attempt)`, or null (give up: the delivery is 'failed') when that
 * falls after `roundStartedAt` + 3 days (RETRY_WINDOW_MS).
 */
export function nextAttemptAfter(failedAt: Date, attempt: number, roundStartedAt: Date): Date | null {
  const next = failedAt.getTime() + retryDelayMs(attempt);
  return next > roundStartedAt.getTime() + RETRY_WINDOW_MS ? null : new Date(next);
}

/**
 * What one dispatch run did: deliveries answered 2xx, failed and scheduled again, failed for
 * good (3 days over, or their endpoint is disabled), and endpoints the run disabled (5 days of
 * failures: their admins' e-mails are in the outbox, so the caller nudges the outbox worker).
 */
export interface WebhookDispatchResult {
  succeeded: number;
  retrying: number;
  failed: number;
  endpointsDisabled: number;
}

/** Options of one dispatch run: the guard switch (WEBHOOKS_ALLOW_PRIVATE), the clock, the timeout of one attempt (ms, default 10 s) and, in tests, the resolver. */
export interface DispatchOptions {
  allowPrivate: boolean;
  now: Date;
  fetchTimeoutMs?: number;
  resolve?: ResolveHost;
}

/** A delivery claimed by a run, with its endpoint's URL and secret. */
interface ClaimedDelivery {
  tenantId: string;
  id: string;
  endpointId: string;
  eventId: string;
  payload: unknown;
  roundStartedAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  lockedUntil: Date;
  url: string;
  secret: string;
}

/** `value` (a Date, or a timestamp string from a raw query) as a Date; null stays null. */
const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/**
 * Claims up to DISPATCH_BATCH due deliveries at `now` (pending, `next_attempt_at <= now`, not
 * claimed or the claim lapsed; oldest due first; `FOR UPDATE SKIP LOCKED`) by setting
 * `locked_until = now + CLAIM_LEASE_MS`, in one committed statement, so no other worker takes
 * them; each with its endpoint's URL and secret.
 */
async function claimDue(db: Database, now: Date): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  const result = await db.execute(sql`update ${webhookDeliveries} d set locked_until = ${until}::timestamptz
    from ${webhookEndpoints} e
    where e.tenant_id = d.tenant_id and e.id = d.endpoint_id
      and (d.tenant_id, d.id) in (select tenant_id, id from ${webhookDeliveries}
        where status = 'pending' and next_attempt_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz)
        order by next_attempt_at, id limit ${DISPATCH_BATCH} for update skip locked)
    returning d.tenant_id, d.id, d.endpoint_id, d.event_id, d.payload, d.round_started_at, d.last_attempt_at, d.next_attempt_at, d.locked_until, e.url, e.secret`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    tenantId: String(r.tenant_id),
    id: String(r.id),
    endpointId: String(r.endpoint_id),
    eventId: String(r.event_id),
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
    roundStartedAt: asDate(r.round_started_at)!,
    lastAttemptAt: asDate(r.last_attempt_at),
    nextAttemptAt: asDate(r.next_attempt_at),
    lockedUntil: asDate(r.locked_until)!,
    url: String(r.url),
    secret: String(r.secret),
  }));
}

/**
 * Disables endpoint `endpointId` after 5 days of failures (issue 17), in `tx`: enabled false,
 * DISABLED_REASON, its pending deliveries stopped, and one message per active Store Admin of
 * the tenant to the e-mail outbox (templates: emails/webhook-disabled.tsx).
 */
async function disableFailingEndpoint(tx: Tx, endpoint: { tenantId: string; id: string; url: string; failingSince: Date }, now: Date): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: DISABLED_REASON, updatedAt: now })
    .where(and(eq(webhookEndpoints.tenantId, endpoint.tenantId), eq(webhookEndpoints.id, endpoint.id)));
  await stopPendingDeliveries(tx, endpoint.tenantId, endpoint.id, now);
  const tenant = (await tenantNames(tx, [endpoint.tenantId])).get(endpoint.tenantId);
  for (const admin of await tenantAdminContacts(tx, endpoint.tenantId)) {
    const message = await renderWebhookDisabled({
      businessName: tenant?.name ?? 'Your business',
      firstName: admin.firstName,
      url: endpoint.url,
      failingSince: endpoint.failingSince.toISOString().slice(0, 10),
    });
    await enqueueEmail(tx, { tenantId: endpoint.tenantId, kind: 'webhook_disabled', to: admin.email, ...message, now });
  }
}

/**
 * Records the outcome of one attempt of `delivery` at `now`, in one transaction that first
 * locks its endpoint (FOR NO KEY UPDATE: outcomes of one endpoint apply one at a time, and an
 * event's insert, which only KEY SHAREs it, is never blocked). Success: 'succeeded', and the
 * endpoint's `failing_since` cleared. Failure: pending again at `nextAttemptAfter` while the
 * endpoint is enabled and the 3-day round allows, else 'failed'; the endpoint's
 * `failing_since` set if it was not, and the endpoint disabled (see `disableFailingEndpoint`)
 * once it has been failing for DISABLE_AFTER_MS. Nothing is written when the claim is no longer
 * this run's (it lapsed and another run took it) or the endpoint was deleted meanwhile.
 */
async function recordOutcome(db: Database, delivery: ClaimedDelivery, outcome: AttemptOutcome, now: Date): Promise<keyof WebhookDispatchResult | 'disabled' | null> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ enabled: webhookEndpoints.enabled, failingSince: webhookEndpoints.failingSince, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.tenantId, delivery.tenantId), eq(webhookEndpoints.id, delivery.endpointId)))
      .for('no key update');
    if (!endpoint) return null;
    const next = outcome.ok || !endpoint.enabled ? null : nextAttemptAfter(now, attemptOfRound(delivery), delivery.roundStartedAt);
    const status = outcome.ok ? 'succeeded' : next ? 'pending' : 'failed';
    const written = await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: now,
        nextAttemptAt: next,
        lockedUntil: null,
        responseStatus: outcome.status,
        durationMs: outcome.durationMs,
        responseExcerpt: outcome.excerpt,
      })
      .where(and(eq(webhookDeliveries.tenantId, delivery.tenantId), eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.lockedUntil, delivery.lockedUntil)))
      .returning({ id: webhookDeliveries.id });
    if (written.length === 0) return null;
    const where = and(eq(webhookEndpoints.tenantId, delivery.tenantId), eq(webhookEndpoints.id, delivery.endpointId));
    if (outcome.ok) {
      if (endpoint.failingSince) await tx.update(webhookEndpoints).set({ failingSince: null }).where(where);
      return 'succeeded';
    }
    const failingSince = endpoint.failingSince ?? now;
    if (!endpoint.failingSince) await tx.update(webhookEndpoints).set({ failingSince }).where(where);
    if (endpoint.enabled && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) {
      await disableFailingEndpoint(tx, { tenantId: delivery.tenantId, id: delivery.endpointId, url: endpoint.url, failingSince }, now);
      return 'disabled';
    }
    return status === 'pending' ? 'retrying' : 'failed';
  });
}

/**
 * One run of the webhook worker at `opts.now` (issue 17): claims up to DISPATCH_BATCH due
 * deliveries (see `claimDue`), POSTs them, PARALLEL_SENDS at a time (p-limit), each through the address
 * guard and signed (delivery.ts `sendWebhook`: timeout `fetchTimeoutMs`, default 10 s), and
 * records each outcome (see `recordOutcome`: retries per RETRY_SCHEDULE_MS for 3 days,
 * endpoint health, disabling after 5 days). A delivery whose endpoint is disabled gets its one
 * attempt and no retry. Never throws for a failed attempt (its reason is the delivery's
 * excerpt); database errors reject. Counts in WebhookDispatchResult (a delivery that disabled
 * its endpoint counts as failed and in `endpointsDisabled`).
 */
export async function dispatchWebhooks(db: Database, opts: DispatchOptions): Promise<WebhookDispatchResult> {
  const claimed = await claimDue(db, opts.now);
  const result: WebhookDispatchResult = { succeeded: 0, retrying: 0, failed: 0, endpointsDisabled: 0 };
  const limit = pLimit(PARALLEL_SENDS);
  await Promise.all(
    claimed.map((delivery) =>
      limit(async () => {
        const outcome = await sendWebhook(
          { url: delivery.url, secret: delivery.secret, eventId: delivery.eventId, body: JSON.stringify(delivery.payload) },
          { allowPrivate: opts.allowPrivate, timeoutMs: opts.fetchTimeoutMs, resolve: opts.resolve },
        );
        const recorded = await recordOutcome(db, delivery, outcome, opts.now);
        if (recorded === 'disabled') {
          result.failed++;
          result.endpointsDisabled++;
        } else if (recorded) result[recorded]++;
      }),
    ),
  );
  return result;
}

/** Whether a run claimed a full batch (the job asks for another run at once). */
export function wasFullBatch(result: WebhookDispatchResult): boolean {
  return result.succeeded + result.retrying + result.failed >= DISPATCH_BATCH;
}

// ---------------------------------------------------------------------------------------------
// Erasure (ADR 0026)
// ---------------------------------------------------------------------------------------------

/**
 * Forgets an erased customer in the tenant's webhook outbox, in `tx` (ADR 0026): deliveries
 * not delivered yet (pending, retries included) whose payload names `customerId` or
 * contains one of `values` are deleted, so their personal data never leaves; succeeded and
 * failed ones stay in the log with `values` (e-mail, phone, names) scrubbed from the payload
 * and the response excerpt. Returns how many were dropped.
 */
export async function forgetCustomerDeliveries(tx: DbOrTx, tenantId: string, customerId: string, values: readonly string[]): Promise<number> {
  const markers = [customerId, ...values];
  const mentions = sql.join(
    markers.map((m) => sql`strpos(${webhookDeliveries.payload}::text, ${m}::text) > 0`),
    sql` or `,
  );
  const dropped = await tx
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), sql`${webhookDeliveries.status} = 'pending'`, sql`(${mentions})`))
    .returning({ id: webhookDeliveries.id });
  if (values.length) {
    await tx
      .update(webhookDeliveries)
      .set({ payload: scrubJsonSql(sql`${webhookDeliveries.payload}`, values), responseExcerpt: scrubTextSql(sql`${webhookDeliveries.responseExcerpt}`, values) })
      .where(and(eq(webhookDeliveries.tenantId, tenantId), sql`(${mentions})`));
  }
  return dropped.length;
}
