import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { CreateWebhookEndpointResponse, WebhookDeliveryItem } from '@loyalty/contract';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { startJobQueue } from '../../db/job-queue.ts';
import { createTestContext, freshTenant, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { ResolveHost } from './address-guard.ts';
import { startWebhookWorker } from './job.ts';
import {
  attemptOfRound,
  CLAIM_LEASE_MS,
  DISABLED_REASON,
  nextAttemptAfter,
  PARALLEL_SENDS,
  retryDelayMs,
  RETRY_WINDOW_MS,
  STOPPED_NOT_SENT,
} from './delivery-rules.ts';
import { dispatchWebhooks } from './dispatch-webhooks.ts';
import { enqueueWebhookEvent } from './enqueue-events.ts';
import { WEBHOOK_USER_AGENT } from './delivery.ts';

/**
 * Delivery of outgoing webhooks (docs/product.md 'API keys and webhooks'): `dispatchWebhooks` POSTs due
 * deliveries to a real HTTP receiver in this process, signed per Standard Webhooks (checked with
 * the standardwebhooks verifier), retries failures on Standard Webhooks' schedule for 3 days
 * (the clock is moved through it), disables an endpoint failing for 5 days and e-mails its
 * admins through the outbox, refuses private, loopback and link-local destinations unless
 * allowed (at every attempt: names are resolved then), and records each attempt's outcome.
 * The pg-boss worker (job.ts) delivers without anyone calling dispatch.
 */
let ctx: TestContext;
let receiver: TestReceiver;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOKS_ALLOW_PRIVATE: '1' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});
beforeEach(async () => {
  receiver.reset();
  // dispatch claims every tenant's due deliveries: each test starts with none.
  await ctx.db.execute(sql`delete from ${webhookDeliveries}`);
});

// ---------------------------------------------------------------------------------------------
// A local receiver
// ---------------------------------------------------------------------------------------------

/** One request the receiver got. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** What the receiver answers to one request: a status (body, headers), or never (`hang`). */
type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | { hang: true };
interface TestReceiver {
  url: string;
  port: number;
  received: Received[];
  /** The most requests the receiver held unanswered at one time since the last reset. */
  maxInFlight(): number;
  /** How the n-th request (1-based, since the last reset) is answered; default 200 'ok'. */
  respond(answer: (n: number) => ReceiverAnswer): void;
  reset(): void;
  close(): Promise<void>;
}

/** A node:http receiver on 127.0.0.1 (an ephemeral port) recording every request. */
async function startReceiver(): Promise<TestReceiver> {
  const received: Received[] = [];
  const ok = (): ReceiverAnswer => ({ status: 200, body: 'ok' });
  let answer: (n: number) => ReceiverAnswer = ok;
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const a = answer(received.length);
      if ('hang' in a) return;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(a.status, a.headers);
        res.end(a.body ?? '');
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    maxInFlight: () => maxInFlight,
    respond(fn) {
      answer = fn;
    },
    reset() {
      received.length = 0;
      answer = ok;
      maxInFlight = inFlight;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** A fresh tenant with one endpoint at `url` (default the receiver's /hook) for `events`. */
async function tenantWithEndpoint(
  url = `${receiver.url}/hook`,
  events = ['transaction.created'],
): Promise<{ t: FreshTenant; endpoint: CreateWebhookEndpointResponse }> {
  const t = await freshTenant(ctx, { prefix: 'webhook-endpoints' });
  const res = await t.req('POST', '', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return { t, endpoint: res.json() };
}

/** The deliveries of `tenantId`, oldest first. */
async function deliveriesOf(tenantId: string) {
  return ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenantId, tenantId)).orderBy(webhookDeliveries.createdAt, webhookDeliveries.id);
}

async function endpointRow(id: string) {
  const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** One dispatch run at `now` (the guard lifted unless `allowPrivate: false`). */
const run = (now: Date, opts: { allowPrivate?: boolean; fetchTimeoutMs?: number; resolve?: ResolveHost } = {}) =>
  dispatchWebhooks(ctx.db, {
    allowPrivate: opts.allowPrivate ?? true,
    now,
    clock: () => new Date(),
    fetchTimeoutMs: opts.fetchTimeoutMs,
    resolve: opts.resolve,
  });

/** The request's Standard Webhooks headers, as the verifier takes them. */
const signatureHeaders = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

// ---------------------------------------------------------------------------------------------

describe('the retry schedule (Standard Webhooks: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, … for 3 days)', () => {
  it('waits by attempt of the round', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual([
      5 * SECOND,
      5 * MINUTE,
      30 * MINUTE,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      10 * HOUR,
      10 * HOUR,
      10 * HOUR,
    ]);
  });

  it('gives up when the next attempt would fall after 3 days from the start of the round', () => {
    const round = new Date('2030-01-01T00:00:00Z');
    expect(nextAttemptAfter(round, 1, round)).toEqual(at(round, 5 * SECOND));
    expect(nextAttemptAfter(at(round, 62 * HOUR), 9, round)).toEqual(at(round, 72 * HOUR));
    expect(nextAttemptAfter(at(round, 62 * HOUR + 1), 9, round)).toBeNull();
    expect(RETRY_WINDOW_MS).toBe(3 * DAY);
  });

  it('knows the attempt of the round from the wait just waited; a Resend starts a new round', () => {
    const round = new Date('2030-01-01T00:00:00Z');
    expect(attemptOfRound({ roundStartedAt: round, lastAttemptAt: null, nextAttemptAt: round })).toBe(1);
    expect(attemptOfRound({ roundStartedAt: round, lastAttemptAt: round, nextAttemptAt: at(round, 5 * SECOND) })).toBe(2);
    expect(attemptOfRound({ roundStartedAt: round, lastAttemptAt: at(round, 5 * SECOND), nextAttemptAt: at(round, 5 * SECOND + 5 * MINUTE) })).toBe(3);
    expect(attemptOfRound({ roundStartedAt: round, lastAttemptAt: at(round, 40 * HOUR), nextAttemptAt: at(round, 50 * HOUR) })).toBe(7);
    // Resent: the last attempt was before the round began.
    expect(attemptOfRound({ roundStartedAt: round, lastAttemptAt: at(round, -HOUR), nextAttemptAt: round })).toBe(1);
  });
});

describe('dispatchWebhooks', () => {
  it('POSTs the payload signed per Standard Webhooks, verified by the standardwebhooks verifier, and records the answer', async () => {
    const { t, endpoint } = await tenantWithEndpoint();
    const now = new Date();
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_1', type: 'EARN', amountCents: 1250 }, now);
    receiver.respond(() => ({ status: 204 }));
    expect(await run(now)).toEqual({ succeeded: 1, retrying: 0, failed: 0, endpointsDisabled: 0 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const [delivery] = await deliveriesOf(t.tenant.id);
    expect(request.path).toBe('/hook');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(request.headers['webhook-id']).toBe(delivery.eventId);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(String(request.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(endpoint.secret).verify(request.body, signatureHeaders(request));
    expect(verified).toEqual({ type: 'transaction.created', timestamp: now.toISOString(), data: { id: 'tx_1', type: 'EARN', amountCents: 1250 } });
    expect(verified).toEqual(delivery.payload);
    // Another secret, or a changed body, does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(request.body, signatureHeaders(request))).toThrow(
      'No matching signature found',
    );
    expect(() => new Webhook(endpoint.secret).verify(request.body.replace('1250', '9999'), signatureHeaders(request))).toThrow('No matching signature found');
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      responseStatus: 204,
      responseExcerpt: null,
      nextAttemptAt: null,
      lastAttemptAt: now,
      lockedUntil: null,
    });
    expect(delivery.durationMs).toBeGreaterThanOrEqual(0);
    const log = (await t.req('GET', `/${endpoint.id}/deliveries`)).json().deliveries as WebhookDeliveryItem[];
    expect(log).toMatchObject([{ status: 'succeeded', attempts: 1, responseStatus: 204, nextAttemptAt: null, lastAttemptAt: now.toISOString() }]);
    // Nothing is due any more.
    expect(await run(at(now, DAY))).toEqual({ succeeded: 0, retrying: 0, failed: 0, endpointsDisabled: 0 });
  });

  it('retries a receiver that fails twice on the schedule, and the third attempt succeeds', async () => {
    const { t, endpoint } = await tenantWithEndpoint();
    const t0 = new Date();
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_2' }, t0);
    receiver.respond((n) => (n <= 2 ? { status: 500, body: `busy ${n}` } : { status: 200, body: 'thanks' }));

    expect(await run(t0)).toEqual({ succeeded: 0, retrying: 1, failed: 0, endpointsDisabled: 0 });
    let [d] = await deliveriesOf(t.tenant.id);
    expect(d).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseStatus: 500,
      responseExcerpt: 'busy 1',
      lastAttemptAt: t0,
      nextAttemptAt: at(t0, 5 * SECOND),
    });
    expect((await endpointRow(endpoint.id)).failingSince).toEqual(t0);

    // Not due before its time.
    expect(await run(at(t0, 4 * SECOND))).toEqual({ succeeded: 0, retrying: 0, failed: 0, endpointsDisabled: 0 });
    expect(await run(at(t0, 5 * SECOND))).toEqual({ succeeded: 0, retrying: 1, failed: 0, endpointsDisabled: 0 });
    [d] = await deliveriesOf(t.tenant.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 500, responseExcerpt: 'busy 2', nextAttemptAt: at(t0, 5 * SECOND + 5 * MINUTE) });

    expect(await run(at(t0, 5 * SECOND + 5 * MINUTE - 1))).toEqual({ succeeded: 0, retrying: 0, failed: 0, endpointsDisabled: 0 });
    expect(await run(at(t0, 5 * SECOND + 5 * MINUTE))).toEqual({ succeeded: 1, retrying: 0, failed: 0, endpointsDisabled: 0 });
    [d] = await deliveriesOf(t.tenant.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200, responseExcerpt: 'thanks', nextAttemptAt: null });
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();

    // Three requests, one event: the same id and body, each signed and verified.
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([d.eventId]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const r of receiver.received) expect(new Webhook(endpoint.secret).verify(r.body, signatureHeaders(r))).toEqual(d.payload);
  });

  it("gives up after 3 days: the delivery is 'failed' after its 12th attempt", async () => {
    const { t, endpoint } = await tenantWithEndpoint();
    const t0 = new Date();
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_3' }, t0);
    receiver.respond(() => ({ status: 503, body: 'down' }));
    const attempts: number[] = [];
    let [d] = await deliveriesOf(t.tenant.id);
    while (d.status === 'pending') {
      attempts.push(d.nextAttemptAt!.getTime() - t0.getTime());
      await run(d.nextAttemptAt!);
      [d] = await deliveriesOf(t.tenant.id);
    }
    // 0, 5 s, 5 min 5 s, 35 min 5 s, 2 h 35 min 5 s, 7 h 35 min 5 s, then every 10 h; the next would be at 77 h 35 min 5 s.
    const base = 5 * SECOND + 5 * MINUTE + 30 * MINUTE + 2 * HOUR + 5 * HOUR;
    expect(attempts).toEqual([
      0,
      5 * SECOND,
      5 * SECOND + 5 * MINUTE,
      5 * SECOND + 35 * MINUTE,
      5 * SECOND + 2 * HOUR + 35 * MINUTE,
      base,
      ...[1, 2, 3, 4, 5, 6].map((k) => base + k * 10 * HOUR),
    ]);
    expect(d).toMatchObject({ status: 'failed', attempts: 12, responseStatus: 503, responseExcerpt: 'down', nextAttemptAt: null });
    expect(receiver.received).toHaveLength(12);
    // Failing for less than 5 days: still enabled.
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, disabledReason: null, failingSince: t0 });
  });

  it('disables an endpoint failing for 5 days, stops its pending deliveries and e-mails the Store Admins; PUT enabled re-enables it', async () => {
    const { t, endpoint } = await tenantWithEndpoint();
    const t0 = new Date();
    receiver.respond(() => ({ status: 500, body: 'broken' }));
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_a' }, t0);
    expect(await run(t0)).toMatchObject({ retrying: 1 });
    const t5 = at(t0, 5 * DAY);
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_b' }, at(t5, -DAY));
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_c' }, at(t5, HOUR));
    // Just before 5 days of failures: nothing is disabled.
    expect(await run(at(t5, -DAY))).toEqual({ succeeded: 0, retrying: 1, failed: 1, endpointsDisabled: 0 });
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);
    expect(await run(t5)).toEqual({ succeeded: 0, retrying: 0, failed: 1, endpointsDisabled: 1 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: DISABLED_REASON, failingSince: t0 });
    const [a, b, c] = await deliveriesOf(t.tenant.id);
    expect(a).toMatchObject({ status: 'failed', attempts: 2 });
    expect(b).toMatchObject({ status: 'failed', attempts: 2, responseStatus: 500, responseExcerpt: 'broken' });
    expect(c).toMatchObject({ status: 'failed', attempts: 0, nextAttemptAt: null, responseExcerpt: STOPPED_NOT_SENT });
    const mail = rowsOf<{ kind: string; to_address: string; subject: string; text: string; status: string }>(
      await ctx.db.execute(sql`select kind, to_address, subject, text, status from outbox where tenant_id = ${t.tenant.id}`),
    );
    expect(mail).toMatchObject([{ kind: 'webhook_disabled', to_address: t.email, subject: 'A webhook endpoint was disabled', status: 'PENDING' }]);
    expect(mail[0].text).toContain(`${receiver.url}/hook`);
    expect(mail[0].text).toContain(t0.toISOString().slice(0, 10));
    // No new deliveries, nothing more attempted.
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_d' }, at(t5, 2 * HOUR));
    expect(await deliveriesOf(t.tenant.id)).toHaveLength(3);
    expect(await run(at(t5, 3 * DAY))).toEqual({ succeeded: 0, retrying: 0, failed: 0, endpointsDisabled: 0 });
    const list = (await t.req('GET', '')).json().endpoints;
    expect(list).toMatchObject([{ id: endpoint.id, enabled: false, disabledReason: DISABLED_REASON, failingSince: t0.toISOString() }]);
    const on = await t.req('PUT', `/${endpoint.id}`, { url: endpoint.url, events: endpoint.events, enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('Resend sends the same event id and body again in a new round (the schedule starts over), attempts counted on', async () => {
    const { t, endpoint } = await tenantWithEndpoint();
    const t0 = new Date(Date.now() - 4 * DAY);
    receiver.respond((n) => (n <= 2 ? { status: 502 } : { status: 200 }));
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_r' }, t0);
    await run(t0);
    let [d] = await deliveriesOf(t.tenant.id);
    // Three days later the round is over.
    await ctx.db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, d.id));
    const resent = await t.req('POST', `/deliveries/${d.id}/resend`);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toMatchObject({ status: 'pending', attempts: 1, eventId: d.eventId });
    const now = new Date();
    expect(await run(now)).toEqual({ succeeded: 0, retrying: 1, failed: 0, endpointsDisabled: 0 });
    [d] = await deliveriesOf(t.tenant.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: at(now, 5 * SECOND) });
    expect(await run(at(now, 5 * SECOND))).toMatchObject({ succeeded: 1 });
    [d] = await deliveriesOf(t.tenant.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([d.eventId, d.eventId, d.eventId]);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const r of receiver.received.slice(1)) expect(new Webhook(endpoint.secret).verify(r.body, signatureHeaders(r))).toEqual(d.payload);
  });

  it('sends a test event signed like any other; on a disabled endpoint it gets one attempt and no retry', async () => {
    const { t, endpoint } = await tenantWithEndpoint();
    const sent = (await t.req('POST', `/${endpoint.id}/test`)).json() as WebhookDeliveryItem;
    expect(await run(new Date())).toMatchObject({ succeeded: 1 });
    const [request] = receiver.received;
    expect(new Webhook(endpoint.secret).verify(request.body, signatureHeaders(request))).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    });
    expect(request.headers['webhook-id']).toBe(sent.eventId);

    await t.req('PUT', `/${endpoint.id}`, { url: endpoint.url, events: endpoint.events, enabled: false });
    receiver.respond(() => ({ status: 500 }));
    const again = (await t.req('POST', `/${endpoint.id}/test`)).json() as WebhookDeliveryItem;
    expect(await run(new Date())).toEqual({ succeeded: 0, retrying: 0, failed: 1, endpointsDisabled: 0 });
    const log = (await t.req('GET', `/${endpoint.id}/deliveries`)).json().deliveries as WebhookDeliveryItem[];
    expect(log[0]).toMatchObject({ id: again.id, status: 'failed', attempts: 1, responseStatus: 500, nextAttemptAt: null });
  });

  it('sends each due delivery once when two runs go at the same time, and again once a crashed claim lapses', async () => {
    const { t } = await tenantWithEndpoint();
    const now = new Date();
    for (let i = 0; i < 8; i++) await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { n: i }, now);
    const [a, b] = await Promise.all([run(now), run(now)]);
    expect(a.succeeded + b.succeeded).toBe(8);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(8);
    expect(receiver.received).toHaveLength(8);

    // A worker that claimed a delivery and died: the claim holds for CLAIM_LEASE_MS, then another run takes it.
    receiver.reset();
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { n: 'crashed' }, now);
    await ctx.db.execute(sql`update ${webhookDeliveries} set locked_until = ${at(now, CLAIM_LEASE_MS).toISOString()}::timestamptz where status = 'pending'`);
    expect(await run(at(now, MINUTE))).toMatchObject({ succeeded: 0 });
    expect(await run(at(now, CLAIM_LEASE_MS))).toMatchObject({ succeeded: 1 });
    expect(receiver.received).toHaveLength(1);
  });
});

describe('the delivery pool', () => {
  it(`sends at most PARALLEL_SENDS (${PARALLEL_SENDS}) deliveries at a time, and that many side by side while more are waiting`, async () => {
    const { t } = await tenantWithEndpoint();
    const now = new Date();
    for (let i = 0; i < 3 * PARALLEL_SENDS + 2; i++) await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { n: i }, now);
    receiver.respond(() => ({ status: 200, body: 'ok', delayMs: 150 }));
    expect(await run(now)).toEqual({ succeeded: 3 * PARALLEL_SENDS + 2, retrying: 0, failed: 0, endpointsDisabled: 0 });
    expect(receiver.received).toHaveLength(3 * PARALLEL_SENDS + 2);
    expect(receiver.maxInFlight()).toBe(PARALLEL_SENDS);
  });
});

describe('what an attempt records', () => {
  it('a timeout, a redirect (not followed), a connection refused, and the first 500 characters of a long answer', async () => {
    const hang = await tenantWithEndpoint(`${receiver.url}/hang`);
    const redirect = await tenantWithEndpoint(`${receiver.url}/redirect`);
    const long = await tenantWithEndpoint(`${receiver.url}/long`);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await tenantWithEndpoint(`http://127.0.0.1:${closedPort}/hook`);
    const now = new Date();
    for (const { t } of [hang, redirect, long, refused]) await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'x' }, now);
    receiver.respond((n) => {
      const path = receiver.received[n - 1].path;
      if (path === '/hang') return { hang: true };
      if (path === '/redirect') return { status: 302, headers: { location: 'https://elsewhere.example/in' }, body: 'moved' };
      return { status: 200, body: 'é'.repeat(3000) };
    });
    expect(await run(now, { fetchTimeoutMs: 400 })).toEqual({ succeeded: 1, retrying: 3, failed: 0, endpointsDisabled: 0 });
    const [h] = await deliveriesOf(hang.t.tenant.id);
    expect(h).toMatchObject({ status: 'pending', responseStatus: null, responseExcerpt: 'timeout after 0.4 s' });
    expect(h.durationMs).toBeGreaterThanOrEqual(350);
    expect(h.durationMs).toBeLessThan(5000);
    const [r] = await deliveriesOf(redirect.t.tenant.id);
    expect(r).toMatchObject({ status: 'pending', responseStatus: 302, responseExcerpt: 'redirect not followed (to https://elsewhere.example/in): moved' });
    expect(receiver.received.filter((x) => x.path === '/redirect')).toHaveLength(1);
    const [l] = await deliveriesOf(long.t.tenant.id);
    expect(l).toMatchObject({ status: 'succeeded', responseStatus: 200, responseExcerpt: 'é'.repeat(500) });
    const [c] = await deliveriesOf(refused.t.tenant.id);
    expect(c).toMatchObject({ status: 'pending', responseStatus: null, responseExcerpt: `connection failed: connect ECONNREFUSED 127.0.0.1:${closedPort}` });
  });
});

describe('the address guard at every attempt', () => {
  it('refuses 127.0.0.1, 10.0.0.1, a name resolving to 127.0.0.1 and a name with any private address, records why, and sends nothing', async () => {
    const loopback = await tenantWithEndpoint(`${receiver.url}/hook`);
    const private10 = await tenantWithEndpoint('http://10.0.0.1/hook');
    const localhost = await tenantWithEndpoint(`http://localhost:${receiver.port}/hook`);
    const mixed = await tenantWithEndpoint(`http://mixed.example.test:${receiver.port}/hook`);
    const resolve: ResolveHost = async (host) => {
      if (host === 'mixed.example.test')
        return [
          { address: '93.184.216.34', family: 4 },
          { address: '10.20.30.40', family: 4 },
        ];
      const { lookup } = await import('node:dns/promises');
      return lookup(host, { all: true });
    };
    const now = new Date();
    for (const { t } of [loopback, private10, localhost, mixed]) await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'x' }, now);
    expect(await run(now, { allowPrivate: false, resolve })).toEqual({ succeeded: 0, retrying: 4, failed: 0, endpointsDisabled: 0 });
    expect(receiver.received).toEqual([]);
    const excerpt = async (t: FreshTenant) => {
      const [d] = await deliveriesOf(t.tenant.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, durationMs: null });
      return d.responseExcerpt;
    };
    expect(await excerpt(loopback.t)).toBe('refused: loopback address 127.0.0.1');
    expect(await excerpt(private10.t)).toBe('refused: private address 10.0.0.1');
    expect(await excerpt(localhost.t)).toBe('refused: localhost resolves to a loopback address');
    expect(await excerpt(mixed.t)).toBe('refused: mixed.example.test resolves to a private address');
    const log = (await loopback.t.req('GET', `/${loopback.endpoint.id}/deliveries`)).json().deliveries;
    expect(log[0]).toMatchObject({ responseExcerpt: 'refused: loopback address 127.0.0.1', responseStatus: null, status: 'pending' });
    // The guard lifted (WEBHOOKS_ALLOW_PRIVATE), the three endpoints on this machine are reached at their next attempt (10.0.0.1 is left out: no such host here).
    await ctx.db.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.tenantId, private10.t.tenant.id));
    expect(await run(at(now, 5 * SECOND), { allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] })).toEqual({
      succeeded: 3,
      retrying: 0,
      failed: 0,
      endpointsDisabled: 0,
    });
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook', '/hook', '/hook']);
  });

  it('connects to the address it checked: a name is resolved once and that address is used, never a second DNS answer', async () => {
    const { t, endpoint } = await tenantWithEndpoint(`http://receiver.example.test:${receiver.port}/pinned`);
    let lookups = 0;
    const resolve: ResolveHost = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'x' }, new Date());
    // 'receiver.example.test' exists in no DNS: the request reaches the receiver only through the vetted address.
    expect(await run(new Date(), { allowPrivate: true, resolve })).toMatchObject({ succeeded: 1 });
    expect(lookups).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].headers.host).toBe(`receiver.example.test:${receiver.port}`);
    expect(new Webhook(endpoint.secret).verify(receiver.received[0].body, signatureHeaders(receiver.received[0]))).toBeTruthy();
  });
});

describe('startWebhookWorker', () => {
  it('delivers through pg-boss without anyone calling dispatch, and on a nudge', async () => {
    const { t } = await tenantWithEndpoint(`${receiver.url}/worker`);
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'first' }, new Date());
    const queue = startJobQueue(ctx.handle, ctx.app.log, ctx.databaseUrl);
    try {
      const worker = startWebhookWorker(queue, ctx.handle, ctx.app.log, { allowPrivate: true, now: () => new Date() });
      const delivered = async (n: number) => {
        for (let i = 0; i < 60 && receiver.received.length < n; i++) await new Promise((r) => setTimeout(r, 250));
        return receiver.received.length;
      };
      expect(await delivered(1)).toBe(1);
      await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'second' }, new Date());
      worker.nudge();
      expect(await delivered(2)).toBe(2);
      // The receiver answers before the worker records the outcome: wait for the row, not the request.
      await expect
        .poll(async () => (await deliveriesOf(t.tenant.id)).map((d) => d.status), { timeout: 15_000, interval: 100 })
        .toEqual(['succeeded', 'succeeded']);
    } finally {
      await queue.stop();
    }
  });
});
