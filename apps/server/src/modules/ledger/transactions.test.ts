import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cards, customers, offers, tenants } from '../../db/schema/index.ts';
import {
  balanceAndLedger,
  countRows,
  createOtherTenant,
  createTestContext,
  demoSessions,
  demoTenantId,
  idempotencyKey,
  json,
  type TestContext,
} from '../../../test/helpers.ts';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  // A deterministic programme: no running offer.
  await ctx.db.update(offers).set({ isActive: false });
});
afterAll(() => ctx.close());

const post = (path: 'earn' | 'redeem', payload: unknown, cookie?: string, extra: Record<string, string> = {}, slug = 'demo') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/t/${slug}/transactions/${path}`,
    payload: payload as object,
    headers: { ...(cookie ? { cookie } : {}), ...idempotencyKey(), ...extra },
  });

describe('POST /transactions/earn', () => {
  it('credits floor(amount × rate) to the card, writes the ledger row, adds to total spend', async () => {
    const before = await balanceAndLedger(ctx.db, 'DEM0CARD0001');
    const [customerBefore] = await ctx.db.select().from(customers).where(eq(customers.id, before.card.customerId!));
    const res = await post('earn', { cardUid: 'DEM0CARD0001', amountCents: 2599, category: 'REPAIR' }, s.cashier);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    // SILVER (0 bps bonus) + REPAIR 300 bps: floor(2599 × 300 / 10000) = 77.
    expect(body).toMatchObject({ cashbackEarned: 77, rateBps: 300, newBalance: before.balance + 77 });
    const after = await balanceAndLedger(ctx.db, 'DEM0CARD0001');
    expect(after.balance).toBe(before.balance + 77);
    expect(after.ledgerSum).toBe(after.balance);
    expect(after.rows).toBe(before.rows + 1);
    const [customerAfter] = await ctx.db.select().from(customers).where(eq(customers.id, before.card.customerId!));
    expect(customerAfter.totalSpendCents).toBe(customerBefore.totalSpendCents + 2599);
    const list = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/transactions?limit=1', headers: { cookie: s.cashier } }));
    expect(list.transactions[0]).toMatchObject({
      type: 'EARN',
      category: 'REPAIR',
      amountCents: 2599,
      cashbackCents: 77,
      beforeBalanceCents: before.balance,
      afterBalanceCents: before.balance + 77,
      storeName: 'Main Store',
      customerName: 'Jane Customer',
    });
  });

  it('adds running offers to the rate, and moves the customer up a tier from the next purchase', async () => {
    const tenantId = await demoTenantId(ctx.db);
    const [card] = await ctx.db.select().from(cards).where(eq(cards.cardUid, 'DEM0CARD0004'));
    await ctx.db.update(customers).set({ totalSpendCents: 49_000, tier: 'SILVER' }).where(eq(customers.id, card.customerId!));
    const [offer] = await ctx.db
      .insert(offers)
      .values({ tenantId, name: 'Now', rateMultiplierBps: 150, startAt: new Date(Date.now() - 60_000), endAt: new Date(Date.now() + 60_000) })
      .returning();
    try {
      // Crosses $500 with this purchase: SILVER rate 200 + offer 150 = 350 bps.
      const first = json(await post('earn', { cardUid: 'DEM0CARD0004', amountCents: 2000 }, s.admin));
      expect(first).toMatchObject({ rateBps: 350, cashbackEarned: 70, tier: 'GOLD' });
      // Now GOLD: 200 + 100 + 150 = 450 bps.
      const second = json(await post('earn', { cardUid: 'DEM0CARD0004', amountCents: 1000 }, s.admin));
      expect(second).toMatchObject({ rateBps: 450, cashbackEarned: 45, tier: 'GOLD' });
    } finally {
      await ctx.db.delete(offers).where(and(eq(offers.tenantId, tenantId), eq(offers.id, offer.id)));
    }
  });

  it('answers 400 with field details for bad input and writes nothing', async () => {
    const before = await countRows(ctx.db, 'transactions');
    for (const payload of [
      { cardUid: 'DEM0CARD0001', amountCents: 0 },
      { cardUid: 'DEM0CARD0001', amountCents: 12.5 },
      { cardUid: 'DEM0CARD0001', amountCents: '1000' },
      { cardUid: '', amountCents: 100 },
      { cardUid: 'DEM0CARD0001', amountCents: 100, category: 'FOOD' },
      { cardUid: 'DEM0CARD0001', amountCents: 100, storeId: 'main' },
    ]) {
      const res = await post('earn', payload, s.cashier);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
      expect(json(res).details.length).toBeGreaterThan(0);
    }
    expect(await countRows(ctx.db, 'transactions')).toBe(before);
  });

  it('answers 403 to a customer, 401 signed out', async () => {
    expect((await post('earn', { cardUid: 'DEM0CARD0001', amountCents: 100 }, s.customer)).statusCode).toBe(403);
    expect((await post('earn', { cardUid: 'DEM0CARD0001', amountCents: 100 })).statusCode).toBe(401);
  });

  it("answers 404 for another tenant's card and leaves its balance alone", async () => {
    const other = await createOtherTenant(ctx.db, 500);
    const res = await post('earn', { cardUid: other.cardUid, amountCents: 1000 }, s.admin);
    expect(res.statusCode).toBe(404);
    const res2 = await post('redeem', { cardUid: other.cardUid, amountCents: 100 }, s.cashier);
    expect(res2.statusCode).toBe(404);
    expect((await balanceAndLedger(ctx.db, other.cardUid)).balance).toBe(500);
    // and through the other tenant's own slug: the demo cashier is not a member.
    expect((await post('earn', { cardUid: other.cardUid, amountCents: 1000 }, s.cashier, {}, other.tenant.slug)).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's store and 403 for a cashier using a store not theirs", async () => {
    const other = await createOtherTenant(ctx.db);
    const res = await post('earn', { cardUid: 'DEM0CARD0001', amountCents: 100, storeId: other.store.id }, s.admin);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Store not found');
    const list = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/cards/DEM0CARD0002', headers: { cookie: s.admin } }));
    const res2 = await post('earn', { cardUid: 'DEM0CARD0001', amountCents: 100, storeId: list.storeId }, s.cashier);
    expect(res2.statusCode).toBe(403);
  });

  it('answers 422 for a blocked or unassigned card, writing nothing', async () => {
    const before = await countRows(ctx.db, 'transactions');
    const blocked = await post('earn', { cardUid: 'DEM0CARD0006', amountCents: 1000 }, s.cashier);
    expect(blocked.statusCode).toBe(422);
    expect(json(blocked)).toEqual({ error: 'This card is blocked', code: 'CARD_NOT_ACTIVE' });
    expect((await post('earn', { cardUid: 'DEM0CARD0010', amountCents: 1000 }, s.cashier)).statusCode).toBe(422);
    expect(await countRows(ctx.db, 'transactions')).toBe(before);
  });

  it('answers 403 Subscription required when the subscription does not allow the POS', async () => {
    await ctx.db.update(tenants).set({ subscriptionStatus: 'CANCELED' }).where(eq(tenants.slug, 'demo'));
    try {
      const res = await post('earn', { cardUid: 'DEM0CARD0001', amountCents: 1000 }, s.cashier);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ error: 'Subscription required to process transactions', code: 'SUBSCRIPTION_REQUIRED' });
      await ctx.db
        .update(tenants)
        .set({ subscriptionStatus: 'PAST_DUE', graceEndsAt: new Date(Date.now() + 3600_000) })
        .where(eq(tenants.slug, 'demo'));
      expect((await post('earn', { cardUid: 'DEM0CARD0001', amountCents: 1000 }, s.cashier)).statusCode).toBe(200);
    } finally {
      await ctx.db.update(tenants).set({ subscriptionStatus: 'TRIALING', graceEndsAt: null }).where(eq(tenants.slug, 'demo'));
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, moving money once', async () => {
    const key = randomUUID();
    const before = await balanceAndLedger(ctx.db, 'DEM0CARD0002');
    const first = await post('earn', { cardUid: 'DEM0CARD0002', amountCents: 5000 }, s.admin, { 'idempotency-key': key });
    const second = await post('earn', { cardUid: 'DEM0CARD0002', amountCents: 5000 }, s.admin, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(json(second)).toEqual(json(first));
    expect(second.headers['idempotent-replayed']).toBe('true');
    const after = await balanceAndLedger(ctx.db, 'DEM0CARD0002');
    expect(after.rows).toBe(before.rows + 1);
    expect(after.balance).toBe(json(first).newBalance);
  });

  it('answers 409 when the key is reused with another body', async () => {
    const key = randomUUID();
    expect((await post('redeem', { cardUid: 'DEM0CARD0002', amountCents: 100 }, s.admin, { 'idempotency-key': key })).statusCode).toBe(200);
    const res = await post('redeem', { cardUid: 'DEM0CARD0002', amountCents: 200 }, s.admin, { 'idempotency-key': key });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('does not store a key whose request failed, so a corrected retry can use it', async () => {
    // Enough on the card for the corrected redeem, whatever ran before.
    expect((await post('earn', { cardUid: 'DEM0CARD0002', amountCents: 20_000 }, s.admin)).statusCode).toBe(200);
    const before = await balanceAndLedger(ctx.db, 'DEM0CARD0002');
    expect(before.balance).toBeGreaterThanOrEqual(150);
    const key = randomUUID();
    const huge = await post('redeem', { cardUid: 'DEM0CARD0002', amountCents: 99_999_999 }, s.admin, { 'idempotency-key': key });
    expect(huge.statusCode).toBe(422);
    expect(await balanceAndLedger(ctx.db, 'DEM0CARD0002')).toEqual(before);
    // The corrected request, same key, other body: processed (not 409 IDEMPOTENCY_KEY_REUSED, not a replay of the 422).
    const corrected = await post('redeem', { cardUid: 'DEM0CARD0002', amountCents: 150 }, s.admin, { 'idempotency-key': key });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    expect(json(corrected)).toMatchObject({ newBalance: before.balance - 150, amountRedeemed: 150 });
    // Its own retry replays the stored answer: the money moved once.
    const retry = await post('redeem', { cardUid: 'DEM0CARD0002', amountCents: 150 }, s.admin, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(json(retry)).toEqual(json(corrected));
    const after = await balanceAndLedger(ctx.db, 'DEM0CARD0002');
    expect(after.balance).toBe(before.balance - 150);
    expect(after.rows).toBe(before.rows + 1);
    expect(after.ledgerSum).toBe(after.balance);
  });
});

describe('POST /transactions/redeem', () => {
  it('debits the card and writes a REDEEM row with cashback 0', async () => {
    const before = await balanceAndLedger(ctx.db, 'DEM0CARD0003');
    const res = await post('redeem', { cardUid: 'DEM0CARD0003', amountCents: 100, note: 'coffee' }, s.cashier);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ newBalance: before.balance - 100, amountRedeemed: 100 });
    const after = await balanceAndLedger(ctx.db, 'DEM0CARD0003');
    expect(after.ledgerSum).toBe(after.balance);
    const list = json(
      await ctx.app.inject({ method: 'GET', url: '/api/t/demo/transactions?type=REDEEM&search=DEM0CARD0003&limit=1', headers: { cookie: s.cashier } }),
    );
    expect(list.transactions[0]).toMatchObject({ type: 'REDEEM', cashbackCents: 0, amountCents: 100, note: 'coffee', category: null });
  });

  it('answers 422 above the balance and writes nothing', async () => {
    const before = await balanceAndLedger(ctx.db, 'DEM0CARD0003');
    const res = await post('redeem', { cardUid: 'DEM0CARD0003', amountCents: before.balance + 1 }, s.cashier);
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('INSUFFICIENT_BALANCE');
    expect(json(res).error).toMatch(/^Insufficient balance/);
    expect(await balanceAndLedger(ctx.db, 'DEM0CARD0003')).toEqual(before);
  });

  it('gives the Idempotency-Key back on a refusal: the same key goes through once the amount fits', async () => {
    const before = await balanceAndLedger(ctx.db, 'DEM0CARD0003');
    const key = { 'idempotency-key': randomUUID() };
    const tooMuch = await post('redeem', { cardUid: 'DEM0CARD0003', amountCents: before.balance + 1 }, s.cashier, key);
    expect(tooMuch.statusCode).toBe(422);
    const otherStore = await post('redeem', { cardUid: 'DEM0CARD0003', amountCents: 1, storeId: randomUUID() }, s.admin, key);
    expect(otherStore.statusCode).toBe(404);
    expect(json(otherStore).error).toBe('Store not found');
    expect(await balanceAndLedger(ctx.db, 'DEM0CARD0003')).toEqual(before);
    const fits = await post('redeem', { cardUid: 'DEM0CARD0003', amountCents: 1 }, s.cashier, key);
    expect(fits.statusCode).toBe(200);
    expect(json(fits)).toMatchObject({ newBalance: before.balance - 1, amountRedeemed: 1 });
    const replay = await post('redeem', { cardUid: 'DEM0CARD0003', amountCents: 1 }, s.cashier, key);
    expect(json(replay)).toEqual(json(fits));
    expect((await balanceAndLedger(ctx.db, 'DEM0CARD0003')).balance).toBe(before.balance - 1);
  });

  it('answers 400 for a negative amount, 403 to a customer', async () => {
    const before = await countRows(ctx.db, 'transactions');
    expect((await post('redeem', { cardUid: 'DEM0CARD0003', amountCents: -100 }, s.cashier)).statusCode).toBe(400);
    expect((await post('redeem', { cardUid: 'DEM0CARD0003', amountCents: 100 }, s.customer)).statusCode).toBe(403);
    expect(await countRows(ctx.db, 'transactions')).toBe(before);
  });
});

describe('GET /transactions', () => {
  const list = (query: string, cookie = s.admin, slug = 'demo') =>
    ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/transactions?${query}`, headers: { cookie } });

  it('pages newest first with total and pages', async () => {
    const all = json(await list('limit=200'));
    expect(all.total).toBe(all.transactions.length);
    const page2 = json(await list('limit=5&page=2'));
    expect(page2.pages).toBe(Math.ceil(all.total / 5));
    expect(page2.transactions.map((t: { id: string }) => t.id)).toEqual(all.transactions.slice(5, 10).map((t: { id: string }) => t.id));
    const times = all.transactions.map((t: { createdAt: string }) => Date.parse(t.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by type, category, dates, store and search', async () => {
    const earns = json(await list('type=EARN&category=PURCHASE&limit=200')).transactions;
    expect(earns.length).toBeGreaterThan(0);
    expect(earns.every((t: { type: string; category: string }) => t.type === 'EARN' && t.category === 'PURCHASE')).toBe(true);
    const byName = json(await list('search=garcia&limit=200')).transactions;
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((t: { customerName: string }) => t.customerName === 'Maria Garcia')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const todays = json(await list(`from=${today}&to=${today}&limit=200`)).transactions;
    expect(todays.every((t: { createdAt: string }) => t.createdAt.startsWith(today))).toBe(true);
    const future = json(await list('from=2999-01-01'));
    expect(future).toEqual({ transactions: [], total: 0, pages: 0 });
    const one = json(await list('limit=1')).transactions[0];
    const byStore = json(await list(`storeFilter=${one.storeId}&limit=200`)).transactions;
    expect(byStore.every((t: { storeId: string }) => t.storeId === one.storeId)).toBe(true);
  });

  it('answers 400 for a bad filter, 403 to a customer, 404 for another tenant', async () => {
    expect((await list('type=GIFT')).statusCode).toBe(400);
    expect((await list('page=0')).statusCode).toBe(400);
    expect((await list('from=yesterday')).statusCode).toBe(400);
    expect((await list('', s.customer)).statusCode).toBe(403);
    const other = await createOtherTenant(ctx.db);
    expect((await list('', s.admin, other.tenant.slug)).statusCode).toBe(404);
    const mine = json(await list('limit=200&search=' + other.cardUid));
    expect(mine.total).toBe(0);
  });
});
