import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cards, customers, offers, stores, tenantCounters, tenants } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, idempotencyKey, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { rowsOf } from '../../lib/sql.ts';
import { trendOf } from './service.ts';
import { addCustomerWithCard, addLedgerRows, directLedger, directLedgerIds } from '../../../test/ledger-fixture.ts';

/**
 * GET /api/t/{slug}/reports/dashboard (docs/product.md 'Reports'): every
 * figure and trend against a direct COUNT/SUM, with rows in closed days of this and last
 * month, today's POS rows, and another tenant's rows that must not count.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let tenantId: string;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
const now = new Date();
const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
/** An instant in the middle of last month, and the last millisecond of last month. */
const midLast = new Date(lastMonth.getTime() + 10 * 86_400_000);
const endLast = new Date(thisMonth.getTime() - 1);

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  tenantId = await demoTenantId(ctx.db);
  other = await createOtherTenant(ctx.db);
  await addCustomerWithCard(ctx.db, tenantId, { firstName: 'Last', lastName: 'Month', cardUid: 'LASTM0NTH001', createdAt: midLast });
  await addLedgerRows(ctx.db, tenantId, [
    { at: midLast, cardUid: 'LASTM0NTH001', amountCents: 10_000, cashbackCents: 300 },
    { at: endLast, cardUid: 'LASTM0NTH001', type: 'REDEEM', amountCents: 250 },
    { at: new Date(lastMonth.getTime() - 86_400_000), cardUid: 'DEM0CARD0001', amountCents: 777, cashbackCents: 7 },
    { at: thisMonth, cardUid: 'DEM0CARD0002', category: 'REPAIR', amountCents: 3000, cashbackCents: 90 },
  ]);
  await addLedgerRows(ctx.db, other.tenant.id, [
    { at: midLast, cardUid: other.cardUid, amountCents: 500_000, cashbackCents: 50_000 },
    { at: now, cardUid: other.cardUid, type: 'REDEEM', amountCents: 400 },
  ]);
  await ctx.db.insert(offers).values({ tenantId: other.tenant.id, name: 'Other offer', rateMultiplierBps: 100, startAt: lastMonth, endAt: nextMonth });
  await ctx.db.insert(offers).values({ tenantId, name: 'Expired', rateMultiplierBps: 100, startAt: lastMonth, endAt: midLast, createdAt: midLast });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/t/demo/transactions/earn',
    headers: { cookie: s.cashier, ...idempotencyKey() },
    payload: { cardUid: 'DEM0CARD0004', amountCents: 5555 },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => ctx.close());

const get = (cookie: string | null = s.admin, slug = 'demo') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/reports/dashboard`, headers: cookie ? { cookie } : {} });

/** COUNT(*) of a tenant table with an optional condition, by plain SQL. */
async function countOf(table: typeof customers | typeof cards | typeof offers, where = sql`true`): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await ctx.db.execute(sql`select count(*) as n from ${table} where tenant_id = ${tenantId} and (${where})`));
  return Number(row.n);
}

/** The dashboard as it must be, from direct COUNT/SUM over the tables. */
async function expected() {
  const inMonth = (a: Date, b: Date) => sql`created_at >= ${a.toISOString()}::timestamptz and created_at < ${b.toISOString()}::timestamptz`;
  const at = new Date().toISOString();
  const all = await directLedger(ctx.db, tenantId);
  const cur = await directLedger(ctx.db, tenantId, inMonth(thisMonth, nextMonth));
  const prev = await directLedger(ctx.db, tenantId, inMonth(lastMonth, thisMonth));
  return {
    stats: {
      totalCustomers: await countOf(customers),
      totalCards: await countOf(cards),
      activeCards: await countOf(cards, sql`status = 'ACTIVE'`),
      totalTransactions: all.count,
      totalCashbackIssued: all.cashbackIssued,
      totalCashbackRedeemed: all.cashbackRedeemed,
      // The offer window includes both ends, as at the till (ADR 0030).
      activeOffers: await countOf(offers, sql`is_active and start_at <= ${at}::timestamptz and end_at >= ${at}::timestamptz`),
    },
    trends: {
      totalCustomers: trendOf(await countOf(customers, inMonth(thisMonth, nextMonth)), await countOf(customers, inMonth(lastMonth, thisMonth))),
      totalCards: trendOf(await countOf(cards, inMonth(thisMonth, nextMonth)), await countOf(cards, inMonth(lastMonth, thisMonth))),
      totalTransactions: trendOf(cur.count, prev.count),
      totalCashbackIssued: trendOf(cur.cashbackIssued, prev.cashbackIssued),
      totalCashbackRedeemed: trendOf(cur.cashbackRedeemed, prev.cashbackRedeemed),
      activeOffers: trendOf(await countOf(offers, inMonth(thisMonth, nextMonth)), await countOf(offers, inMonth(lastMonth, thisMonth))),
    },
  };
}

describe('GET /reports/dashboard', () => {
  it('gives the six figures and their trends exactly as direct SQL does, first call and rolled-up', async () => {
    const first = await get();
    expect(first.statusCode, first.body).toBe(200);
    const want = await expected();
    expect(json(first).stats).toEqual(want.stats);
    expect(json(first).trends).toEqual(want.trends);
    // Sanity: the fixture's last-month rows are in the trends, the other tenant's are not.
    expect(want.trends.totalCashbackIssued.lastMonth).toBeGreaterThanOrEqual(300);
    expect(want.stats.totalCashbackIssued).toBeLessThan(50_000);
    const second = json(await get(s.cashier));
    expect({ stats: second.stats, trends: second.trends }).toEqual(await expected());
  });

  it('moves by exactly one row after a POS earn today and after a back-dated row last month', async () => {
    const before = json(await get());
    const earn = json(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/t/demo/transactions/earn',
        headers: { cookie: s.cashier, ...idempotencyKey() },
        payload: { cardUid: 'DEM0CARD0002', amountCents: 10_000 },
      }),
    );
    const after = json(await get());
    expect(after.stats.totalTransactions).toBe(before.stats.totalTransactions + 1);
    expect(after.stats.totalCashbackIssued).toBe(before.stats.totalCashbackIssued + earn.cashbackEarned);
    expect(after.trends.totalTransactions.thisMonth).toBe(before.trends.totalTransactions.thisMonth + 1);
    await addLedgerRows(ctx.db, tenantId, [{ at: midLast, cardUid: 'LASTM0NTH001', type: 'REDEEM', amountCents: 40 }]);
    const later = json(await get());
    expect(later.stats.totalCashbackRedeemed).toBe(after.stats.totalCashbackRedeemed + 40);
    expect(later.trends.totalCashbackRedeemed.lastMonth).toBe(after.trends.totalCashbackRedeemed.lastMonth + 40);
    expect({ stats: later.stats, trends: later.trends }).toEqual(await expected());
  });

  it('keeps customer and card totals exact through batches, activations, blocks and deletes', async () => {
    const batch = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/cards/batch', headers: { cookie: s.admin }, payload: { count: 3 } });
    expect(batch.statusCode, batch.body).toBe(201);
    const block = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/cards/DEM0CARD0003/block', headers: { cookie: s.admin } });
    expect(block.statusCode, block.body).toBe(200);
    const [store] = await ctx.db.select().from(stores).where(eq(stores.tenantId, tenantId));
    const activate = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/cards/activate',
      headers: { cookie: s.admin },
      payload: { cardUid: 'DEM0CARD0010', storeId: store.id, customer: { firstName: 'New', lastName: 'Holder' } },
    });
    expect(activate.statusCode, activate.body).toBe(200);
    const [lonely] = await ctx.db.insert(customers).values({ tenantId, firstName: 'Gone', lastName: 'Soon' }).returning();
    expect(json(await get()).stats).toEqual((await expected()).stats);
    await ctx.db.delete(customers).where(eq(customers.id, lonely.id));
    // A balance moves only through the ledger (an owner's adjustment).
    const adjust = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/cards/DEM0CARD0010/adjust',
      headers: { cookie: s.admin, ...idempotencyKey() },
      payload: { deltaCents: 1, reason: 'Opening credit' },
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    expect(json(await get()).stats).toEqual((await expected()).stats);
    // Deleting a whole tenant still works (its counters and rollup rows cascade).
    const gone = await createOtherTenant(ctx.db);
    expect((await get(await loginAs(ctx.app, gone.email, gone.password), gone.tenant.slug)).statusCode).toBe(200);
    await ctx.db.delete(tenants).where(eq(tenants.id, gone.tenant.id));
    expect(await ctx.db.select().from(tenantCounters).where(eq(tenantCounters.tenantId, gone.tenant.id))).toEqual([]);
  });

  it('lists the 5 newest transactions with customer name and card UID', async () => {
    const body = json(await get());
    const ids = await directLedgerIds(ctx.db, tenantId);
    expect(body.recentTransactions.map((t: { id: string }) => t.id)).toEqual(ids.slice(0, 5));
    // The newest row is the owner's adjustment of the test before; the earn before it.
    expect(body.recentTransactions[0]).toMatchObject({ cardUid: 'DEM0CARD0010', type: 'ADJUST', amountCents: 1, note: 'Opening credit' });
    expect(body.recentTransactions[1]).toMatchObject({ cardUid: 'DEM0CARD0002', type: 'EARN', amountCents: 10_000 });
    expect(body.recentTransactions[0].customerName).toMatch(/\S+ \S+/);
  });

  it('answers 403 to a customer, 401 signed out, 404 on another tenant', async () => {
    expect((await get(s.customer)).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(s.admin, other.tenant.slug)).statusCode).toBe(404);
    expect((await get(s.cashier, other.tenant.slug)).statusCode).toBe(404);
  });
});

describe('trendOf', () => {
  it('is the change in percent with 1 decimal, null without a last month', () => {
    expect(trendOf(3, 0)).toEqual({ thisMonth: 3, lastMonth: 0, changePct: null });
    expect(trendOf(2, 3)).toEqual({ thisMonth: 2, lastMonth: 3, changePct: -33.3 });
    expect(trendOf(115, 100).changePct).toBe(15);
    expect(trendOf(0, 7).changePct).toBe(-100);
  });
});
