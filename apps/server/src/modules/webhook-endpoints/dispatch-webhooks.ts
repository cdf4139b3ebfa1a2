import { and, eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Database, Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { renderWebhookDisabled } from '../../emails/webhook-disabled.tsx';
import { rowsOf } from '../../lib/sql.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { tenantNames } from '../tenants/index.ts';
import { tenantAdminContacts } from '../users/index.ts';
import type { ResolveHost } from './address-guard.ts';
import { sendWebhook, type AttemptOutcome } from './delivery.ts';
import { attemptOfRound, CLAIM_LEASE_MS, DISABLE_AFTER_MS, DISABLED_REASON, DISPATCH_BATCH, nextAttemptAfter, PARALLEL_SENDS } from './delivery-rules.ts';
import { stopPendingDeliveries } from './endpoints.ts';

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

/** Options of one dispatch run: the guard switch (WEBHOOKS_ALLOW_PRIVATE), the run's instant and the signing clock, the timeout of one attempt (ms, default 10 s) and, in tests, the resolver. */
export interface DispatchOptions {
  allowPrivate: boolean;
  now: Date;
  /** The wall clock each request is signed with at the moment it is sent (receivers refuse stale timestamps). */
  clock: () => Date;
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
 * Disables endpoint `endpointId` after 5 days of failures, in `tx`: enabled false,
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
async function recordOutcome(
  db: Database,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  now: Date,
): Promise<keyof WebhookDispatchResult | 'disabled' | null> {
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
      .where(
        and(eq(webhookDeliveries.tenantId, delivery.tenantId), eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.lockedUntil, delivery.lockedUntil)),
      )
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
 * One run of the webhook worker at `opts.now`: claims up to DISPATCH_BATCH due
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
          { allowPrivate: opts.allowPrivate, clock: opts.clock, timeoutMs: opts.fetchTimeoutMs, resolve: opts.resolve },
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
