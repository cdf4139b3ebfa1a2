import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { checkoutSessions, offers } from '../db/schema/index.ts';
import { balanceAndLedger, countRows, createTestContext, freshTenant as signedInTenant, json, type TestContext } from '../../test/helpers.ts';

/**
 * Money routes require an Idempotency-Key: earn, redeem and add funds answer
 * 400 'Idempotency-Key header required' without one and nothing moves; add funds, like the POS
 * movements, replays its first answer for a retry with the same key; the OpenAPI document says
 * the header is required.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.update(offers).set({ isActive: false });
});
afterAll(() => ctx.close());

const MISSING = {
  error: 'Idempotency-Key header required',
  code: 'VALIDATION_ERROR',
  details: [{ field: 'headers.idempotency-key', message: 'Required' }],
};

async function checkoutCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(checkoutSessions);
  return Number(row.n);
}

/** A fresh tenant (one customer, one ACTIVE card holding $10.00) with its admin signed in. */
async function freshTenant() {
  const t = await signedInTenant(ctx, { balanceCents: 1000 });
  const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/t/${t.slug}/${path}`, headers: { cookie: t.cookie, ...headers }, payload });
  return { ...t, post };
}

/** What a missing key could have changed: the card's balance and ledger, checkouts, stored keys. */
async function snapshot(cardUid: string) {
  const { balance, rows } = await balanceAndLedger(ctx.db, cardUid);
  return { balance, rows, checkouts: await checkoutCount(), keys: await countRows(ctx.db, 'idempotency_keys') };
}

describe('without an Idempotency-Key nothing moves', () => {
  it('earn answers 400 and credits nothing', async () => {
    const t = await freshTenant();
    const before = await snapshot(t.cardUid);
    const res = await t.post('transactions/earn', { cardUid: t.cardUid, amountCents: 5000 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(MISSING);
    expect(await snapshot(t.cardUid)).toEqual(before);
  });

  it('redeem answers 400 and debits nothing', async () => {
    const t = await freshTenant();
    const before = await snapshot(t.cardUid);
    const res = await t.post('transactions/redeem', { cardUid: t.cardUid, amountCents: 100 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(MISSING);
    expect(await snapshot(t.cardUid)).toEqual(before);
    expect(before.balance).toBe(1000);
  });

  it('add funds answers 400 and opens no checkout', async () => {
    const t = await freshTenant();
    const before = await snapshot(t.cardUid);
    const res = await t.post(`customers/${t.customer.id}/add-funds`, { amountCents: 2500 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(MISSING);
    expect(await snapshot(t.cardUid)).toEqual(before);
  });

  it('the same requests with a key succeed', async () => {
    const t = await freshTenant();
    expect((await t.post('transactions/earn', { cardUid: t.cardUid, amountCents: 5000 }, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    expect((await t.post('transactions/redeem', { cardUid: t.cardUid, amountCents: 100 }, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    expect((await t.post(`customers/${t.customer.id}/add-funds`, { amountCents: 2500 }, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
  });
});

describe('add funds is idempotent per key', () => {
  it('a retry with the same key answers the same checkout and opens no second one', async () => {
    const t = await freshTenant();
    const key = randomUUID();
    const before = await checkoutCount();
    const first = await t.post(`customers/${t.customer.id}/add-funds`, { amountCents: 2500 }, { 'idempotency-key': key });
    const retry = await t.post(`customers/${t.customer.id}/add-funds`, { amountCents: 2500 }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(json(retry).checkoutUrl).toBe(json(first).checkoutUrl);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await checkoutCount()).toBe(before + 1);
  });

  it('parallel retries with one key open one checkout', async () => {
    const t = await freshTenant();
    const key = randomUUID();
    const before = await checkoutCount();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.post(`customers/${t.customer.id}/add-funds`, { amountCents: 1500 }, { 'idempotency-key': key })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => json(r).checkoutUrl)).size).toBe(1);
    expect(await checkoutCount()).toBe(before + 1);
  });

  it('a refused request leaves its key free: the corrected request with the same key opens the checkout', async () => {
    const t = await freshTenant();
    const key = randomUUID();
    const before = await checkoutCount();
    const refused = await t.post(`customers/${t.customer.id}/add-funds`, { amountCents: 2500, cardId: randomUUID() }, { 'idempotency-key': key });
    expect(refused.statusCode).toBe(404);
    expect(await checkoutCount()).toBe(before);
    const corrected = await t.post(`customers/${t.customer.id}/add-funds`, { amountCents: 2500 }, { 'idempotency-key': key });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    expect(await checkoutCount()).toBe(before + 1);
  });

  it('the same key with another amount or on another money route is 409 IDEMPOTENCY_KEY_REUSED and opens nothing', async () => {
    const t = await freshTenant();
    const key = randomUUID();
    expect((await t.post(`customers/${t.customer.id}/add-funds`, { amountCents: 2500 }, { 'idempotency-key': key })).statusCode).toBe(200);
    const before = await checkoutCount();
    const otherAmount = await t.post(`customers/${t.customer.id}/add-funds`, { amountCents: 2600 }, { 'idempotency-key': key });
    expect(otherAmount.statusCode).toBe(409);
    expect(json(otherAmount).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const earnWithIt = await t.post('transactions/earn', { cardUid: t.cardUid, amountCents: 2500 }, { 'idempotency-key': key });
    expect(earnWithIt.statusCode).toBe(409);
    expect(await checkoutCount()).toBe(before);
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(1000);
  });
});

describe('the OpenAPI document', () => {
  it('declares Idempotency-Key as a required header of earn, redeem and add funds', async () => {
    const doc = json(await ctx.app.inject({ method: 'GET', url: '/api/docs/json' }));
    const headerOf = (op: { parameters?: { in: string; name: string; required?: boolean }[] }) =>
      op.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
    for (const path of ['/api/t/{slug}/transactions/earn', '/api/t/{slug}/transactions/redeem', '/api/t/{slug}/customers/{id}/add-funds']) {
      const header = headerOf(doc.paths[path].post);
      expect(header, path).toMatchObject({ in: 'header', name: 'idempotency-key', required: true });
    }
    expect(headerOf(doc.paths['/api/t/{slug}/customers'].post)).toBeUndefined();
  });
});
