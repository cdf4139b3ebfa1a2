import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  V1CustomerCreate,
  CustomerDetail,
  EarnRequest,
  EarnResponse,
  RedeemRequest,
  RedeemResponse,
  RefundRequest,
  RefundResponse,
  VoidRequest,
  VoidResponse,
} from '@loyalty/contract';
import { auditLog, customers, transactions } from '../../db/schema/index.ts';
import { createSecondInstance, createTestContext, freshTenant, json, unbalancedCards, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { COUNTER_BACKENDS } from '../../../test/counter-backends.ts';
import { V1_EXAMPLES } from './openapi.ts';

/**
 * /api/v1 (ADR 0020): bearer API keys, scopes, the web API's services and rules behind it,
 * the Idempotency-Key rule, per-key rate limits, cursor lists, tenant isolation and the
 * OpenAPI document at /api/v1/docs.
 */
let ctx: TestContext;
let t: FreshTenant;
let other: FreshTenant;
/** Keys of tenant `t` by what they may do. */
const keys: Record<'all' | 'read' | 'pos' | 'store', string> = { all: '', read: '', pos: '', store: '' };
let otherKey: string;
let secondStoreId: string;

async function createKey(tenant: FreshTenant, body: object): Promise<string> {
  const res = await tenant.req('POST', 'api-keys', body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).key;
}

beforeAll(async () => {
  ctx = await createTestContext();
  t = await freshTenant(ctx, { balanceCents: 5000 });
  other = await freshTenant(ctx, { balanceCents: 5000 });
  secondStoreId = json(await t.req('POST', 'stores', { name: 'Harbour Store' })).id;
  keys.all = await createKey(t, { name: 'All', scopes: ['pos:write', 'customers:write', 'read'] });
  keys.read = await createKey(t, { name: 'Reader', scopes: ['read'] });
  keys.pos = await createKey(t, { name: 'Till', scopes: ['pos:write'] });
  keys.store = await createKey(t, { name: 'Harbour till', scopes: ['pos:write', 'read'], storeId: secondStoreId });
  otherKey = await createKey(other, { name: 'Other', scopes: ['pos:write', 'customers:write', 'read'] });
});
afterAll(() => ctx.close());

let keySeq = 0;
/** A request to /api/v1 with `key` as bearer; POSTs get a fresh Idempotency-Key unless `idem` is given (null: none). */
function v1(method: 'GET' | 'POST', path: string, key: string | null, payload?: object, idem?: string | null, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  if (key) headers.authorization = `Bearer ${key}`;
  if (method === 'POST' && idem !== null) headers['idempotency-key'] = idem ?? `v1-test-${++keySeq}-${Math.random()}`;
  return ctx.app.inject({ method, url: `/api/v1${path}`, headers, ...(payload ? { payload } : {}) });
}
async function ledgerCount(tenantId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.tenantId, tenantId));
  return Number(row.n);
}

describe('authentication and scopes', () => {
  it('answers 401 with WWW-Authenticate without a key, for a malformed or unknown key, and for a session cookie alone', async () => {
    for (const res of [
      await v1('GET', `/cards/${t.cardUid}`, null),
      await v1('GET', `/cards/${t.cardUid}`, 'not-a-key'),
      await v1('GET', `/cards/${t.cardUid}`, `lc_test_${'x'.repeat(43)}`),
      await ctx.app.inject({ method: 'GET', url: `/api/v1/cards/${t.cardUid}`, headers: { cookie: t.cookie } }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ error: 'Invalid or revoked API key', code: 'UNAUTHENTICATED' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('refuses a key without the route’s scope with 403 and moves nothing', async () => {
    const before = await ledgerCount(t.tenant.id);
    const earn = await v1('POST', '/transactions/earn', keys.read, { cardUid: t.cardUid, amountCents: 1000 });
    expect(earn.statusCode).toBe(403);
    expect(json(earn)).toMatchObject({ error: 'This API key lacks the pos:write scope', code: 'FORBIDDEN' });
    expect((await v1('GET', `/cards/${t.cardUid}`, keys.pos)).statusCode).toBe(403);
    expect((await v1('POST', '/customers', keys.read, { firstName: 'No', lastName: 'Scope' })).statusCode).toBe(403);
    expect(await ledgerCount(t.tenant.id)).toBe(before);
  });

  it('needs no Origin check: a bearer request carrying a foreign Origin is served', async () => {
    const res = await v1('POST', '/transactions/earn', keys.all, { cardUid: t.cardUid, amountCents: 100 }, undefined, { origin: 'https://evil.example' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('money through v1', () => {
  it('earns exactly once under 12 parallel replays of one Idempotency-Key, recorded against the key', async () => {
    const before = await ledgerCount(t.tenant.id);
    const key = `till-7-receipt-${Date.now()}`;
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => v1('POST', '/transactions/earn', keys.all, { cardUid: t.cardUid, amountCents: 2500, category: 'PURCHASE' }, key)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const bodies = new Set(replies.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(11);
    expect(await ledgerCount(t.tenant.id)).toBe(before + 1);
    const [row] = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.tenantId, t.tenant.id), eq(transactions.id, json(replies[0]).transactionId)));
    expect(row).toMatchObject({ type: 'EARN', amountCents: 2500, userId: null });
    expect(row.apiKeyId).not.toBeNull();
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });

  it('refuses a money POST without an Idempotency-Key with 400 and moves nothing', async () => {
    const before = await ledgerCount(t.tenant.id);
    const res = await v1('POST', '/transactions/redeem', keys.all, { cardUid: t.cardUid, amountCents: 100 }, null);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('Idempotency-Key header required');
    expect(await ledgerCount(t.tenant.id)).toBe(before);
  });

  it('redeems, refunds and voids with the web API’s shapes and rules', async () => {
    const earn = json(await v1('POST', '/transactions/earn', keys.pos, { cardUid: t.cardUid, amountCents: 4000 }));
    EarnResponse.parse(earn);
    const redeem = await v1('POST', '/transactions/redeem', keys.pos, { cardUid: t.cardUid, amountCents: 300 });
    expect(redeem.statusCode).toBe(200);
    RedeemResponse.parse(json(redeem));
    const tooMuch = await v1('POST', '/transactions/redeem', keys.pos, { cardUid: t.cardUid, amountCents: 99_999_999 });
    expect(tooMuch.statusCode).toBe(422);
    expect(json(tooMuch).code).toBe('INSUFFICIENT_BALANCE');
    const refund = await v1('POST', `/transactions/${earn.transactionId}/refund`, keys.pos, { amountCents: 1000, reason: 'Returned' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(json(refund)).toMatchObject({ refundedAmountCents: 1000, remainingAmountCents: 3000 });
    // The audit row names the key (no user acted), as the ledger row does.
    const [refundRow] = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.tenantId, t.tenant.id), eq(transactions.id, json(refund).transactionId)));
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.refund'), eq(auditLog.entityId, refundRow.id)));
    expect(audit.userId).toBeNull();
    expect(audit.apiKeyId).toBe(refundRow.apiKeyId);
    expect(audit.ip).toBe('127.0.0.1');
    expect(refundRow.apiKeyId).toMatch(/^[0-9a-f-]{36}$/);
    // The earn and the redeem are audit events of the key too (written in their ledger statement).
    const [earnAudit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.earn'), eq(auditLog.entityId, earn.transactionId)));
    expect(earnAudit).toMatchObject({ userId: null, apiKeyId: refundRow.apiKeyId, tenantId: t.tenant.id });
    expect(earnAudit.after).toMatchObject({ amountCents: 4000, balanceCents: earn.newBalance });
    const voided = await v1('POST', `/transactions/${json(redeem).transactionId}/void`, keys.pos, { reason: 'Wrong card' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(json(voided).restoredCents).toBe(300);
    const bad = await v1('POST', '/transactions/earn', keys.pos, { cardUid: t.cardUid, amountCents: -5 });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'body.amountCents' }] });
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });

  it('names the key and the caller’s address on the audit rows of its changes, whichever way they are written', async () => {
    // An address of its own, so the rows can only have it from this request.
    const from = '203.0.113.45';
    const post = (path: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1${path}`,
        remoteAddress: from,
        headers: { authorization: `Bearer ${keys.all}`, 'idempotency-key': `v1-audit-${++keySeq}` },
        payload,
      });
    const created = await post('/customers', { firstName: 'Grace', lastName: 'Keyed' });
    expect(created.statusCode, created.body).toBe(201);
    const earn = await post('/transactions/earn', { cardUid: t.cardUid, amountCents: 2000 });
    expect(earn.statusCode, earn.body).toBe(200);
    const redeem = await post('/transactions/redeem', { cardUid: t.cardUid, amountCents: 100 });
    expect(redeem.statusCode, redeem.body).toBe(200);
    const [earnRow] = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, json(earn).transactionId));
    expect(earnRow.apiKeyId).toMatch(/^[0-9a-f-]{36}$/);
    const auditOf = async (action: 'customer.create' | 'transaction.earn' | 'transaction.redeem', entityId: string) => {
      const [row] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
      return row;
    };
    // A use case's writeAudit, the earn's and the redeem's database functions: the same actor.
    for (const row of [
      await auditOf('customer.create', json(created).id),
      await auditOf('transaction.earn', json(earn).transactionId),
      await auditOf('transaction.redeem', json(redeem).transactionId),
    ]) {
      expect(row).toMatchObject({ userId: null, apiKeyId: earnRow.apiKeyId, ip: from });
    }
  });

  it('books a store-bound key’s movements to its store and refuses another store with 403', async () => {
    const earn = await v1('POST', '/transactions/earn', keys.store, { cardUid: t.cardUid, amountCents: 1000 });
    expect(earn.statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.tenantId, t.tenant.id), eq(transactions.id, json(earn).transactionId)));
    expect(row.storeId).toBe(secondStoreId);
    const elsewhere = await v1('POST', '/transactions/earn', keys.store, { cardUid: t.cardUid, amountCents: 1000, storeId: t.store.id });
    expect(elsewhere.statusCode).toBe(403);
    expect(json(elsewhere).error).toBe('You can only process transactions for your own store');
  });

  it("answers 404 for another tenant's card, transaction and customer, and moves nothing", async () => {
    const foreignEarn = json(await v1('POST', '/transactions/earn', otherKey, { cardUid: other.cardUid, amountCents: 1000 }));
    const before = await ledgerCount(other.tenant.id);
    expect((await v1('GET', `/cards/${other.cardUid}`, keys.all)).statusCode).toBe(404);
    expect((await v1('POST', '/transactions/earn', keys.all, { cardUid: other.cardUid, amountCents: 1000 })).statusCode).toBe(404);
    const refund = await v1('POST', `/transactions/${foreignEarn.transactionId}/refund`, keys.all, {});
    expect(refund.statusCode).toBe(404);
    expect(json(refund).error).toBe('Transaction not found');
    expect((await v1('GET', `/customers/${other.customer.id}`, keys.all)).statusCode).toBe(404);
    expect(await ledgerCount(other.tenant.id)).toBe(before);
  });
});

describe('reads and customers', () => {
  it('pages the ledger newest first with starting_after until hasMore is false', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const res = await v1('GET', `/transactions?limit=2${cursor ? `&starting_after=${cursor}` : ''}`, keys.read);
      expect(res.statusCode, res.body).toBe(200);
      const body = json(res);
      seen.push(...body.transactions.map((x: { id: string }) => x.id));
      if (!body.hasMore) break;
      cursor = body.transactions.at(-1).id;
    }
    expect(seen).toHaveLength(await ledgerCount(t.tenant.id));
    expect(new Set(seen).size).toBe(seen.length);
    const all = json(await v1('GET', '/transactions?limit=100', keys.read)).transactions.map((x: { id: string }) => x.id);
    expect(seen).toEqual(all);
    const foreignCursor = await v1('GET', `/transactions?starting_after=${other.customer.id}`, keys.read);
    expect(foreignCursor.statusCode).toBe(400);
    expect(json(foreignCursor).details[0].field).toBe('querystring.starting_after');
    expect((await v1('GET', '/transactions?limit=500', keys.read)).statusCode).toBe(400);
  });

  it('creates customers (201, 409 on a taken e-mail, 400 writing nothing) and lists and reads them', async () => {
    const created = await v1('POST', '/customers', keys.all, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect(created.statusCode, created.body).toBe(201);
    CustomerDetail.parse(json(created));
    const count = async () =>
      Number(
        (
          await ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(customers)
            .where(eq(customers.tenantId, t.tenant.id))
        )[0].n,
      );
    const before = await count();
    expect((await v1('POST', '/customers', keys.all, { firstName: 'Ada', lastName: 'Again', email: 'ADA@example.com' })).statusCode).toBe(409);
    const bad = await v1('POST', '/customers', keys.all, { firstName: '', lastName: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(await count()).toBe(before);
    const list = json(await v1('GET', '/customers?limit=1', keys.read));
    expect(list).toMatchObject({ hasMore: true, customers: [{ id: json(created).id }] });
    const next = json(await v1('GET', `/customers?limit=10&starting_after=${json(created).id}`, keys.read));
    expect(next.customers.map((c: { id: string }) => c.id)).toContain(t.customer.id);
    expect(json(await v1('GET', `/customers/${json(created).id}`, keys.read)).email).toBe('ada@example.com');
  });

  it('reads a card and the liability report', async () => {
    const card = await v1('GET', `/cards/${t.cardUid.toLowerCase()}`, keys.read);
    expect(card.statusCode).toBe(200);
    expect(json(card).cardUid).toBe(t.cardUid);
    const liability = await v1('GET', '/reports/liability', keys.read);
    expect(liability.statusCode, liability.body).toBe(200);
    expect(json(liability).outstandingCents).toBeGreaterThan(0);
    expect((await v1('GET', '/reports/liability?from=yesterday', keys.read)).statusCode).toBe(400);
  });
});

describe('a store-bound key acts as a cashier of its store', () => {
  it('is refused the customer list and details and the liability report with 403, and still reads cards and the ledger', async () => {
    for (const path of ['/customers', `/customers/${t.customer.id}`, '/customers?limit=1', '/reports/liability']) {
      const res = await v1('GET', path, keys.store);
      expect(res.statusCode, path).toBe(403);
      expect(json(res), path).toEqual({ error: 'This API key is bound to a store', code: 'FORBIDDEN' });
      // A key for all stores with the same scope reads them.
      expect((await v1('GET', path, keys.read)).statusCode, path).toBe(200);
    }
    expect((await v1('GET', `/cards/${t.cardUid}`, keys.store)).statusCode).toBe(200);
    expect((await v1('GET', '/transactions?limit=1', keys.store)).statusCode).toBe(200);
  });
});

describe('rate limits per key', () => {
  it('answers 429 with Retry-After beyond API_RATE_LIMIT a minute, with RateLimit headers, per key and across instances of the window', async () => {
    let now = new Date('2026-11-24T12:00:00Z');
    const limited = await createTestContext({ API_RATE_LIMIT: '3' }, { now: () => now });
    try {
      const tenant = await freshTenant(limited);
      const mk = async (name: string) => json(await tenant.req('POST', 'api-keys', { name, scopes: ['read'] })).key as string;
      const [a, b] = [await mk('A'), await mk('B')];
      const get = (key: string) => limited.app.inject({ method: 'GET', url: `/api/v1/cards/${tenant.cardUid}`, headers: { authorization: `Bearer ${key}` } });
      const first = await get(a);
      expect(first.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2' });
      await get(a);
      await get(a);
      const over = await get(a);
      expect(over.statusCode).toBe(429);
      expect(json(over).code).toBe('RATE_LIMITED');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.headers['ratelimit-remaining']).toBe('0');
      expect((await get(b)).statusCode).toBe(200);
      now = new Date(now.getTime() + 61_000);
      expect((await get(a)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe.each(COUNTER_BACKENDS)('one per-key limit shared by two app instances ($name)', ({ env }) => {
  it('counts a key’s requests through both instances: RateLimit-* headers count down across them, then both answer 429 with Retry-After', async () => {
    let now = new Date('2026-11-24T12:00:00Z');
    const opts = { now: () => now, redisPrefix: `test:${randomUUID()}:` };
    const one = await createTestContext({ API_RATE_LIMIT: '3', ...env }, opts);
    const two = await createSecondInstance(one, opts);
    try {
      const tenant = await freshTenant(one);
      const key = json(await tenant.req('POST', 'api-keys', { name: 'Shared till', scopes: ['read'] })).key as string;
      const get = (app: typeof one.app) => app.inject({ method: 'GET', url: `/api/v1/cards/${tenant.cardUid}`, headers: { authorization: `Bearer ${key}` } });
      const answers = [await get(one.app), await get(two.app), await get(one.app)];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
      for (const r of answers) {
        expect(r.headers['ratelimit-limit']).toBe('3');
        expect(Number(r.headers['ratelimit-reset'])).toBeGreaterThan(0);
        expect(Number(r.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
        // Only the draft-standard names: no X-RateLimit-* doubles, no Retry-After below the limit.
        expect(r.headers['x-ratelimit-limit']).toBeUndefined();
        expect(r.headers['retry-after']).toBeUndefined();
      }
      now = new Date(now.getTime() + 20_000);
      for (const app of [two.app, one.app]) {
        const over = await get(app);
        expect(over.statusCode).toBe(429);
        expect(json(over)).toEqual({ error: 'Rate limit of 3 requests a minute reached for this API key. Retry in 40 s.', code: 'RATE_LIMITED' });
        expect(over.headers).toMatchObject({ 'retry-after': '40', 'ratelimit-limit': '3', 'ratelimit-remaining': '0', 'ratelimit-reset': '40' });
      }
      now = new Date(now.getTime() + 41_000);
      const again = await get(two.app);
      expect(again.statusCode).toBe(200);
      expect(again.headers['ratelimit-remaining']).toBe('2');
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('serves the v1 paths with the bearer scheme at /api/v1/docs, and the docs page itself', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json(res);
    expect(doc.servers).toMatchObject([{ url: '/api/v1' }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/cards/{cardUid}',
        '/customers',
        '/customers/{id}',
        '/reports/liability',
        '/transactions',
        '/transactions/earn',
        '/transactions/redeem',
        '/transactions/{id}/refund',
        '/transactions/{id}/void',
      ].sort(),
    );
    const earn = doc.paths['/transactions/earn'].post;
    expect(earn.parameters.find((p: { name: string }) => p.name === 'idempotency-key')).toMatchObject({ in: 'header', required: true });
    expect(earn.requestBody.content['application/json'].example).toEqual(V1_EXAMPLES['POST /transactions/earn'].request);
    expect(Object.keys(earn.responses['200'].headers).sort()).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(Object.keys(earn.responses['429'].headers)).toContain('Retry-After');
    expect(earn.responses['401'].headers).toBeUndefined();
    expect(Object.keys(doc.paths['/cards/{cardUid}'].get.responses['200'].headers)).toContain('RateLimit-Remaining');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/docs' })).statusCode).toBeLessThan(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('has examples that the contract accepts', () => {
    const schemas: Record<string, [z.ZodType, z.ZodType]> = {
      'POST /transactions/earn': [EarnRequest, EarnResponse],
      'POST /transactions/redeem': [RedeemRequest, RedeemResponse],
      'POST /transactions/{id}/refund': [RefundRequest, RefundResponse],
      'POST /transactions/{id}/void': [VoidRequest, VoidResponse],
      'POST /customers': [V1CustomerCreate, CustomerDetail],
    };
    expect(Object.keys(V1_EXAMPLES).sort()).toEqual(Object.keys(schemas).sort());
    for (const [route, [request, response]] of Object.entries(schemas)) {
      expect(() => request.parse(V1_EXAMPLES[route].request), route).not.toThrow();
      expect(() => response.parse(V1_EXAMPLES[route].response), route).not.toThrow();
    }
  });
});
