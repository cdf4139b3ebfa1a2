import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CreateWebhookEndpointResponse, WebhookDeliveryItem, WebhookEndpointItem } from '@loyalty/contract';
import { auditLog, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, freshTenant, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { DEMO_SLUG } from '../demo-data/index.ts';
import { enqueueWebhookEvent, enqueueWebhookEvents } from './enqueue-events.ts';

/**
 * Webhook endpoint management (docs/product.md 'API keys and webhooks'): the Store Admin's routes under
 * /api/t/{slug}/webhook-endpoints (list, create with the secret shown once, update and
 * re-enable, delete, send a test event, the delivery log, Resend), their audit rows, their
 * refusals (400 with nothing written, 403 cashier, 404 another tenant's or a malformed id), and
 * the outbox writes other modules call (`enqueueWebhookEvent(s)`: one statement, in the
 * caller's transaction, enabled and subscribed endpoints only). Delivery itself:
 * dispatch.test.ts.
 */
let ctx: TestContext;
let cashier: string;
const nudges = { count: 0 };

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      jobs: {
        nudge: (kind) => {
          if (kind === 'webhooks') nudges.count++;
        },
      },
    },
  );
  cashier = (await demoSessions(ctx.app)).cashier;
});
afterAll(() => ctx.close());

const URL_A = 'https://hooks.example.com/loyalty';
const input = (extra: object = {}) => ({ url: URL_A, description: 'Till sync', events: ['transaction.created', 'card.activated'], ...extra });

/** A fresh tenant whose `req` prefixes 'webhook-endpoints'. */
const tenant = () => freshTenant(ctx, { prefix: 'webhook-endpoints' });

/** Creates an endpoint for `t` through the route (fails the test on a non-201). */
async function create(t: FreshTenant, body: object = input()): Promise<CreateWebhookEndpointResponse> {
  const res = await t.req('POST', '', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The tenant's endpoints, deliveries and webhook audit rows as stored: for "nothing written" checks. */
async function stored(tenantId: string) {
  const endpoints = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.tenantId, tenantId));
  const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenantId, tenantId));
  const audit = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), sql`${auditLog.action} like 'webhook_endpoint.%'`))
    .orderBy(auditLog.createdAt, auditLog.id);
  return { endpoints, deliveries, audit };
}

describe('GET/POST /webhook-endpoints', () => {
  it('creates an endpoint with a whsec_ secret shown once, lists it without the secret, and audits it without the secret', async () => {
    const t = await tenant();
    const created = await create(t);
    expect(created).toMatchObject({
      url: URL_A,
      description: 'Till sync',
      events: ['transaction.created', 'card.activated'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await t.req('GET', '');
    expect(list.statusCode).toBe(200);
    expect(list.json().endpoints).toEqual([{ ...created, secret: undefined }].map(({ secret: _, ...rest }) => rest));
    expect(list.body).not.toContain(created.secret);
    const { endpoints, audit } = await stored(t.tenant.id);
    expect(endpoints[0].secret).toBe(created.secret);
    expect(audit).toMatchObject([{ action: 'webhook_endpoint.create', entity: 'webhook_endpoint', entityId: created.id, userId: t.adminId, before: null }]);
    expect(audit[0].after).toEqual({ url: URL_A, description: 'Till sync', events: ['transaction.created', 'card.activated'], enabled: true });
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6, 20));
    // Two endpoints never share a secret; newest first.
    const second = await create(t, input({ url: 'https://other.example.com/', description: '  ', events: ['card.blocked'] }));
    expect(second.secret).not.toBe(created.secret);
    expect(second.description).toBeNull();
    expect((await t.req('GET', '')).json().endpoints.map((e: WebhookEndpointItem) => e.id)).toEqual([second.id, created.id]);
  });

  it.each([
    ['no URL', { events: ['card.blocked'] }, 'url'],
    ['not a URL', input({ url: 'hooks.example.com' }), 'url'],
    ['ftp', input({ url: 'ftp://hooks.example.com/' }), 'url'],
    ['localhost', input({ url: 'http://localhost:3000/hook' }), 'url'],
    ['a loopback literal', input({ url: 'http://127.0.0.1:8080/hook' }), 'url'],
    ['a private literal', input({ url: 'https://10.0.0.1/hook' }), 'url'],
    ['an IPv6 loopback literal', input({ url: 'https://[::1]/hook' }), 'url'],
    ['the metadata address', input({ url: 'http://169.254.169.254/latest/meta-data' }), 'url'],
    ['no events', input({ events: [] }), 'events'],
    ['an unknown event', input({ events: ['card.melted'] }), 'events'],
    ['an event twice', input({ events: ['card.blocked', 'card.blocked'] }), 'events'],
    ['a URL over 2,000 characters', input({ url: `https://hooks.example.com/${'a'.repeat(2000)}` }), 'url'],
  ])('answers 400 for %s, naming the field, and writes nothing', async (_label, body, field) => {
    const t = await tenant();
    const res = await t.req('POST', '', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().details.map((d: { field: string }) => d.field.replace(/^body\./, '').replace(/\.\d+$/, ''))).toContain(field);
    expect(await stored(t.tenant.id)).toEqual({ endpoints: [], deliveries: [], audit: [] });
  });

  it('names the reason for a private address', async () => {
    const t = await tenant();
    const res = await t.req('POST', '', input({ url: 'http://192.168.1.20/hook' }));
    expect(res.json()).toEqual({
      error: 'The URL points to a private address (192.168.1.20); webhooks go to public addresses only',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'url', message: 'The URL points to a private address (192.168.1.20); webhooks go to public addresses only' }],
    });
  });
});

describe('roles and tenants', () => {
  it('answers 403 to a cashier on every route, 401 signed out', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', ''],
      ['POST', ''],
      ['PUT', `/${id}`],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/test`],
      ['GET', `/${id}/deliveries`],
      ['POST', `/deliveries/${id}/resend`],
    ];
    for (const [method, path] of routes) {
      const url = `/api/t/${DEMO_SLUG}/webhook-endpoints${path}`;
      const payload = method === 'POST' || method === 'PUT' ? input() : undefined;
      const asCashier = await ctx.app.inject({ method: method as 'GET', url, headers: { cookie: cashier }, ...(payload ? { payload } : {}) });
      expect(asCashier.statusCode, `${method} ${path}`).toBe(403);
      const signedOut = await ctx.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(signedOut.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it("answers 404 for another tenant's endpoint or delivery and for malformed ids, changing nothing", async () => {
    const owner = await tenant();
    const intruder = await tenant();
    const endpoint = await create(owner);
    const test = (await owner.req('POST', `/${endpoint.id}/test`)).json() as WebhookDeliveryItem;
    const before = await stored(owner.tenant.id);
    for (const id of [endpoint.id, 'not-a-uuid']) {
      for (const [method, path, body] of [
        ['PUT', `/${id}`, input({ url: 'https://evil.example.com/' })],
        ['DELETE', `/${id}`],
        ['POST', `/${id}/test`],
        ['GET', `/${id}/deliveries`],
      ] as const) {
        const res = await intruder.req(method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json()).toMatchObject({ error: 'Webhook endpoint not found', code: 'NOT_FOUND' });
      }
    }
    for (const id of [test.id, 'not-a-uuid']) {
      const res = await intruder.req('POST', `/deliveries/${id}/resend`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Delivery not found', code: 'NOT_FOUND' });
    }
    expect((await intruder.req('GET', '')).json()).toEqual({ endpoints: [] });
    expect(await stored(owner.tenant.id)).toEqual(before);
    expect((await stored(intruder.tenant.id)).audit).toEqual([]);
  });
});

describe('PUT/DELETE /webhook-endpoints/{id}', () => {
  it('updates URL, description and events, keeps enabled when absent, and audits before and after', async () => {
    const t = await tenant();
    const endpoint = await create(t);
    const res = await t.req('PUT', `/${endpoint.id}`, { url: 'https://new.example.com/in', description: null, events: ['customer.created'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...endpoint, secret: undefined, url: 'https://new.example.com/in', description: null, events: ['customer.created'] });
    const { audit, endpoints } = await stored(t.tenant.id);
    expect(endpoints[0].secret).toBe(endpoint.secret);
    expect(audit.map((a) => a.action)).toEqual(['webhook_endpoint.create', 'webhook_endpoint.update']);
    expect(audit[1]).toMatchObject({
      entityId: endpoint.id,
      before: { url: URL_A, description: 'Till sync', events: ['transaction.created', 'card.activated'], enabled: true },
      after: { url: 'https://new.example.com/in', description: null, events: ['customer.created'], enabled: true },
    });
  });

  it('answers 400 for bad input with nothing written', async () => {
    const t = await tenant();
    const endpoint = await create(t);
    const before = await stored(t.tenant.id);
    for (const body of [input({ events: [] }), input({ url: 'http://127.0.0.1/' }), input({ enabled: 'yes' })]) {
      const res = await t.req('PUT', `/${endpoint.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stored(t.tenant.id)).toEqual(before);
  });

  it('turning an endpoint off stops its pending deliveries; turning a disabled one back on clears its reason and failing-since', async () => {
    const t = await tenant();
    const endpoint = await create(t);
    const now = new Date();
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_1' }, now);
    const off = await t.req('PUT', `/${endpoint.id}`, input({ enabled: false }));
    expect(off.json()).toMatchObject({ enabled: false, disabledReason: null });
    expect((await stored(t.tenant.id)).deliveries).toMatchObject([
      { status: 'failed', nextAttemptAt: null, responseExcerpt: 'not sent: the endpoint was disabled' },
    ]);
    // A disabled endpoint gets no new deliveries.
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_2' }, now);
    expect((await stored(t.tenant.id)).deliveries).toHaveLength(1);
    // As the worker leaves it after 5 days of failures:
    await ctx.db
      .update(webhookEndpoints)
      .set({ disabledReason: 'Disabled after 5 days of failed deliveries', failingSince: new Date(now.getTime() - 6 * 86_400_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const listed = (await t.req('GET', '')).json().endpoints[0];
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'Disabled after 5 days of failed deliveries' });
    expect(listed.failingSince).not.toBeNull();
    const on = await t.req('PUT', `/${endpoint.id}`, input({ enabled: true }));
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_3' }, now);
    expect((await stored(t.tenant.id)).deliveries).toHaveLength(2);
  });

  it('deletes an endpoint with its delivery log and audits it', async () => {
    const t = await tenant();
    const endpoint = await create(t);
    const keep = await create(t, input({ url: 'https://keep.example.com/' }));
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_1' }, new Date());
    const res = await t.req('DELETE', `/${endpoint.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const { endpoints, deliveries, audit } = await stored(t.tenant.id);
    expect(endpoints.map((e) => e.id)).toEqual([keep.id]);
    expect(deliveries.map((d) => d.endpointId)).toEqual([keep.id]);
    expect(audit.at(-1)).toMatchObject({ action: 'webhook_endpoint.delete', entityId: endpoint.id, after: null, before: { url: URL_A, enabled: true } });
    expect((await t.req('DELETE', `/${endpoint.id}`)).statusCode).toBe(404);
  });
});

describe('test events, the delivery log and Resend', () => {
  it("POST /{id}/test writes a pending 'webhook.test' delivery for that endpoint only, answers 202 and nudges the worker", async () => {
    const t = await tenant();
    const endpoint = await create(t);
    const other = await create(t, input({ url: 'https://other.example.com/' }));
    const nudged = nudges.count;
    const res = await t.req('POST', `/${endpoint.id}/test`);
    expect(res.statusCode, res.body).toBe(202);
    const item = res.json() as WebhookDeliveryItem;
    expect(item).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0, responseStatus: null, durationMs: null, lastAttemptAt: null });
    expect(item.eventId).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(item.payload).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect(item.nextAttemptAt).toBe((item.payload as { timestamp: string }).timestamp);
    expect(nudges.count).toBe(nudged + 1);
    expect((await t.req('GET', `/${endpoint.id}/deliveries`)).json().deliveries).toEqual([item]);
    expect((await t.req('GET', `/${other.id}/deliveries`)).json().deliveries).toEqual([]);
  });

  it('GET /{id}/deliveries lists the newest 100, newest first', async () => {
    const t = await tenant();
    const endpoint = await create(t, input({ events: ['card.blocked'] }));
    const t0 = new Date(Date.now() - 60_000);
    await enqueueWebhookEvents(
      ctx.db,
      t.tenant.id,
      Array.from({ length: 5 }, (_, i) => ({ type: 'card.blocked' as const, data: { old: i } })),
      t0,
    );
    for (let i = 0; i < 100; i++) await enqueueWebhookEvent(ctx.db, t.tenant.id, 'card.blocked', { n: i }, new Date(t0.getTime() + 1000 + i));
    const res = await t.req('GET', `/${endpoint.id}/deliveries`);
    expect(res.statusCode).toBe(200);
    const list = res.json().deliveries as WebhookDeliveryItem[];
    expect(list).toHaveLength(100);
    expect(list.map((d) => (d.payload as { data: { n: number } }).data.n)).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
  });

  it('Resend makes a delivery pending and due now again with the same event id and payload, attempts kept, and nudges the worker', async () => {
    const t = await tenant();
    const endpoint = await create(t);
    const t0 = new Date(Date.now() - 4 * 86_400_000);
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'transaction.created', { id: 'tx_9' }, t0);
    const [row] = (await stored(t.tenant.id)).deliveries;
    await ctx.db
      .update(webhookDeliveries)
      .set({
        status: 'failed',
        attempts: 12,
        nextAttemptAt: null,
        lastAttemptAt: new Date(t0.getTime() + 3 * 86_400_000 - 1000),
        responseStatus: 503,
        responseExcerpt: 'down',
      })
      .where(eq(webhookDeliveries.id, row.id));
    const nudged = nudges.count;
    const before = Date.now();
    const res = await t.req('POST', `/deliveries/${row.id}/resend`);
    expect(res.statusCode, res.body).toBe(202);
    const item = res.json() as WebhookDeliveryItem;
    expect(item).toMatchObject({
      id: row.id,
      eventId: row.eventId,
      status: 'pending',
      attempts: 12,
      responseStatus: 503,
      responseExcerpt: 'down',
      payload: row.payload,
    });
    expect(new Date(item.nextAttemptAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(nudges.count).toBe(nudged + 1);
    const [after] = (await stored(t.tenant.id)).deliveries;
    expect(after.roundStartedAt.getTime()).toBe(new Date(item.nextAttemptAt!).getTime());
    expect(after.lockedUntil).toBeNull();
    expect(endpoint.id).toBe(after.endpointId);
  });
});

describe('enqueueWebhookEvent(s)', () => {
  it('writes one delivery per enabled endpoint subscribed to each event, one id per event, the Standard Webhooks payload', async () => {
    const t = await tenant();
    const other = await tenant();
    const both = await create(t, input({ url: 'https://both.example.com/', events: ['transaction.created', 'card.activated'] }));
    const tx = await create(t, input({ url: 'https://tx.example.com/', events: ['transaction.created'] }));
    await create(t, input({ url: 'https://blocked.example.com/', events: ['card.blocked'] }));
    await create(t, input({ url: 'https://off.example.com/', events: ['transaction.created'], enabled: false }));
    await create(other, input({ url: 'https://theirs.example.com/', events: ['transaction.created'] }));
    const now = new Date('2030-01-02T03:04:05.678Z');
    const execute = vi.spyOn(ctx.db, 'execute');
    await enqueueWebhookEvents(
      ctx.db,
      t.tenant.id,
      [
        { type: 'transaction.created', data: { id: 'tx_1', amountCents: 1250, at: new Date('2030-01-02T03:04:05.000Z') } },
        { type: 'card.activated', data: { cardUid: 'ABCD1234EFGH' } },
      ],
      now,
    );
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();
    const { deliveries } = await stored(t.tenant.id);
    expect(deliveries).toHaveLength(3);
    const txRows = deliveries.filter((d) => d.eventType === 'transaction.created');
    expect(txRows.map((d) => d.endpointId).sort()).toEqual([both.id, tx.id].sort());
    expect(txRows[0].eventId).toBe(txRows[1].eventId);
    const card = deliveries.find((d) => d.eventType === 'card.activated')!;
    expect(card.endpointId).toBe(both.id);
    expect(card.eventId).not.toBe(txRows[0].eventId);
    for (const d of deliveries) {
      expect(d.eventId).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
      expect(d).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: now, roundStartedAt: now, createdAt: now, lockedUntil: null });
    }
    expect(txRows[0].payload).toEqual({
      type: 'transaction.created',
      timestamp: '2030-01-02T03:04:05.678Z',
      data: { id: 'tx_1', amountCents: 1250, at: '2030-01-02T03:04:05.000Z' },
    });
    expect(card.payload).toEqual({ type: 'card.activated', timestamp: '2030-01-02T03:04:05.678Z', data: { cardUid: 'ABCD1234EFGH' } });
    expect((await stored(other.tenant.id)).deliveries).toEqual([]);
  });

  it('writes nothing, in one statement, when no endpoint listens; nothing when the transaction rolls back', async () => {
    const t = await tenant();
    const execute = vi.spyOn(ctx.db, 'execute');
    await enqueueWebhookEvent(ctx.db, t.tenant.id, 'customer.created', { id: 'c_1' }, new Date());
    expect(execute).toHaveBeenCalledTimes(1);
    await enqueueWebhookEvents(ctx.db, t.tenant.id, [], new Date());
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();
    await create(t, input({ events: ['customer.created'] }));
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, t.tenant.id, 'customer.created', { id: 'c_2' }, new Date());
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect((await stored(t.tenant.id)).deliveries).toEqual([]);
    await ctx.db.transaction((tx) => enqueueWebhookEvent(tx, t.tenant.id, 'customer.created', { id: 'c_3' }, new Date()));
    expect((await stored(t.tenant.id)).deliveries).toHaveLength(1);
  });
});
