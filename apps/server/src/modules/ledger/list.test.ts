import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { ledgerRollupState, stores } from '../../db/schema/index.ts';
import { countRows, createOtherTenant, createTestContext, demoSessions, demoTenantId, idempotencyKey, json, type TestContext } from '../../../test/helpers.ts';
import { ROLLUP_MARGIN_MS, rollupTarget } from './ledger-totals.ts';
import { addCustomerWithCard, addLedgerRows, daysAgo, directLedger, directLedgerIds } from '../../../test/ledger-fixture.ts';

/**
 * GET /api/t/{slug}/transactions, the full list of every filter, pages
 * and totals against direct counts over the ledger, the daily rollup behind `total`
 * (ADR 0006) including closed days, today and back-dated rows, and the guards.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let tenantId: string;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let storeIds: Record<string, string>;
const today = new Date().toISOString().slice(0, 10);
/** A fixed closed day, 10 days ago, with rows at its first and last microsecond-ish edges. */
const edgeDay = daysAgo(10).toISOString().slice(0, 10);
/** Three rows sharing one created_at: the order must fall back to id desc. */
const tieAt = daysAgo(3, 5);

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  tenantId = await demoTenantId(ctx.db);
  other = await createOtherTenant(ctx.db);
  storeIds = Object.fromEntries((await ctx.db.select().from(stores).where(eq(stores.tenantId, tenantId))).map((st) => [st.name, st.id]));
  await addCustomerWithCard(ctx.db, tenantId, { firstName: 'Zoë', lastName: "O'Brien-Smith", cardUid: 'ZZ7KQ3M9XW2P' });
  await addLedgerRows(ctx.db, tenantId, [
    { at: new Date(`${edgeDay}T00:00:00.000Z`), cardUid: 'DEM0CARD0001', category: 'REPAIR', amountCents: 5000, cashbackCents: 150 },
    { at: new Date(`${edgeDay}T23:59:59.999Z`), cardUid: 'DEM0CARD0002', type: 'REDEEM', amountCents: 300 },
    { at: daysAgo(40), cardUid: 'DEM0CARD0003', category: 'OTHER', amountCents: 2000, cashbackCents: 20, store: 'Downtown Store' },
    { at: daysAgo(70), cardUid: 'ZZ7KQ3M9XW2P', type: 'ADJUST', category: null, amountCents: 700, cashbackCents: 0 },
    { at: tieAt, cardUid: 'ZZ7KQ3M9XW2P', amountCents: 1100, cashbackCents: 22 },
    { at: tieAt, cardUid: 'ZZ7KQ3M9XW2P', amountCents: 1200, cashbackCents: 24 },
    { at: tieAt, cardUid: 'ZZ7KQ3M9XW2P', amountCents: 1300, cashbackCents: 26 },
  ]);
  // The other tenant has rows on the same days; none may ever count here.
  await addLedgerRows(ctx.db, other.tenant.id, [
    { at: new Date(`${edgeDay}T12:00:00Z`), cardUid: other.cardUid, amountCents: 999_999, cashbackCents: 9_999 },
    { at: daysAgo(40), cardUid: other.cardUid, type: 'REDEEM', amountCents: 500 },
  ]);
  // Today's rows through the POS, stamped by the database.
  for (const amountCents of [1234, 4321]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/transactions/earn',
      headers: { cookie: s.cashier, ...idempotencyKey() },
      payload: { cardUid: 'DEM0CARD0004', amountCents, note: 'till' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => ctx.close());

const list = (query: string, cookie: string | null = s.admin, slug = 'demo') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/transactions?${query}`, headers: cookie ? { cookie } : {} });

/** Each filter of the ledger list (without search) and the same rows counted by plain SQL. */
function filterCases(): [string, SQL][] {
  const main = storeIds['Main Store'];
  const downtown = storeIds['Downtown Store'];
  const dayStart = (d: string) => sql`(${d}::date)::timestamp at time zone 'UTC'`;
  const dayEnd = (d: string) => sql`(${d}::date + 1)::timestamp at time zone 'UTC'`;
  const from30 = daysAgo(30).toISOString().slice(0, 10);
  const instant = daysAgo(10, -6).toISOString();
  return [
    ['', sql`true`],
    ['type=EARN', sql`type = 'EARN'`],
    ['type=REDEEM', sql`type = 'REDEEM'`],
    ['type=ADJUST', sql`type = 'ADJUST'`],
    ['category=REPAIR', sql`category = 'REPAIR'`],
    ['type=EARN&category=PURCHASE', sql`type = 'EARN' and category = 'PURCHASE'`],
    [`storeFilter=${main}`, sql`store_id = ${main}`],
    [`storeFilter=${downtown}&type=EARN`, sql`store_id = ${downtown} and type = 'EARN'`],
    [`from=${edgeDay}&to=${edgeDay}`, sql`created_at >= ${dayStart(edgeDay)} and created_at < ${dayEnd(edgeDay)}`],
    [`from=${from30}`, sql`created_at >= ${dayStart(from30)}`],
    [`to=${edgeDay}`, sql`created_at < ${dayEnd(edgeDay)}`],
    [`from=${today}&to=${today}`, sql`created_at >= ${dayStart(today)}`],
    [`from=${edgeDay}&to=${today}&category=PURCHASE`, sql`created_at >= ${dayStart(edgeDay)} and category = 'PURCHASE'`],
    [`from=${encodeURIComponent(instant)}`, sql`created_at >= ${instant}::timestamptz`],
    [`to=${encodeURIComponent(instant)}&type=REDEEM`, sql`created_at <= ${instant}::timestamptz and type = 'REDEEM'`],
    ['from=2999-01-01', sql`false`],
  ];
}

async function expectTotalsMatch() {
  for (const [query, where] of filterCases()) {
    const direct = await directLedger(ctx.db, tenantId, where);
    const res = await list(`${query}&limit=7`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    const body = json(res);
    expect({ query, total: body.total, pages: body.pages }).toEqual({ query, total: direct.count, pages: Math.ceil(direct.count / 7) });
    const ids = await directLedgerIds(ctx.db, tenantId, where);
    expect(
      body.transactions.map((t: { id: string }) => t.id),
      query,
    ).toEqual(ids.slice(0, 7));
  }
}

describe('GET /transactions totals and filters', () => {
  it('counts every filter exactly like a direct COUNT over the ledger: closed days, today, not the other tenant', async () => {
    await expectTotalsMatch();
    // The first call rolled the closed days up, leaving today and the margin live.
    const [state] = await ctx.db.select().from(ledgerRollupState).where(eq(ledgerRollupState.tenantId, tenantId));
    expect(state.rolledUntil).toBe(rollupTarget(new Date()));
    const rolled = await ctx.db.execute(sql`select count(*)::int as n from ledger_daily_totals where tenant_id = ${tenantId}`);
    expect(Number((rolled as unknown as { rows: { n: number }[] }).rows[0].n)).toBeGreaterThan(0);
    // Served from the rollup now: still exact.
    await expectTotalsMatch();
  });

  it('stays exact when a row lands in an already rolled-up day (back-dated insert) and when the POS adds one today', async () => {
    await list('');
    const before = json(await list(`from=${edgeDay}&to=${edgeDay}`)).total;
    await addLedgerRows(ctx.db, tenantId, [{ at: new Date(`${edgeDay}T08:00:00Z`), cardUid: 'DEM0CARD0005', type: 'REDEEM', amountCents: 100 }]);
    const [state] = await ctx.db.select().from(ledgerRollupState).where(eq(ledgerRollupState.tenantId, tenantId));
    expect(state.rolledUntil).toBe(edgeDay);
    expect(json(await list(`from=${edgeDay}&to=${edgeDay}`)).total).toBe(before + 1);
    const all = json(await list('')).total;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/transactions/redeem',
      headers: { cookie: s.cashier, ...idempotencyKey() },
      payload: { cardUid: 'DEM0CARD0004', amountCents: 1 },
    });
    expect(json(await list('')).total).toBe(all + 1);
    await expectTotalsMatch();
  });

  it('rolls a day up only an hour after its UTC midnight (rows committed just after midnight still count)', () => {
    expect(ROLLUP_MARGIN_MS).toBe(3_600_000);
    expect(rollupTarget(new Date('2026-11-23T00:30:00Z'))).toBe('2026-11-22');
    expect(rollupTarget(new Date('2026-11-23T01:00:00Z'))).toBe('2026-11-23');
  });
});

describe('GET /transactions pages and rows', () => {
  it('pages newest first, created_at desc then id desc, with the spec fields of each row', async () => {
    const all = json(await list('limit=200'));
    const ids = await directLedgerIds(ctx.db, tenantId);
    expect(all.transactions.map((t: { id: string }) => t.id)).toEqual(ids.slice(0, 200));
    const p1 = json(await list('limit=4&page=1'));
    const p3 = json(await list('limit=4&page=3'));
    expect(p3.transactions.map((t: { id: string }) => t.id)).toEqual(ids.slice(8, 12));
    expect(p1.pages).toBe(Math.ceil(ids.length / 4));
    const past = json(await list(`limit=4&page=${p1.pages + 1}`));
    expect(past).toEqual({ transactions: [], total: ids.length, pages: p1.pages });
    // The three rows sharing one instant come in id desc order.
    const tied = all.transactions.filter((t: { createdAt: string }) => t.createdAt === tieAt.toISOString()).map((t: { id: string }) => t.id);
    expect(tied).toHaveLength(3);
    expect(tied).toEqual([...tied].sort().reverse());
    const till = all.transactions.find((t: { amountCents: number }) => t.amountCents === 4321);
    expect(till).toMatchObject({ type: 'EARN', category: 'PURCHASE', cardUid: 'DEM0CARD0004', storeName: 'Main Store', note: 'till' });
    expect(till.customerName).toMatch(/\S+ \S+/);
    expect(till.afterBalanceCents - till.beforeBalanceCents).toBe(till.cashbackCents);
  });

  it('defaults to 50 rows a page, page 1', async () => {
    const body = json(await list(''));
    expect(body.transactions).toHaveLength(Math.min(50, body.total));
    expect(body.pages).toBe(Math.ceil(body.total / 50));
  });
});

describe('GET /transactions search', () => {
  it('finds rows by customer name, case-insensitive, in any part of the full name', async () => {
    for (const term of ['zoë', "O'BRIEN", 'Zoë O', 'brien-smith']) {
      const body = json(await list(`search=${encodeURIComponent(term)}`));
      expect(body.total, term).toBe(4);
      expect(body.transactions.every((t: { customerName: string }) => t.customerName === "Zoë O'Brien-Smith")).toBe(true);
    }
  });

  it('finds rows by card UID typed loosely (lower case, spaces, dashes), combined with the other filters', async () => {
    const where = sql`card_id = (select id from cards where card_uid = 'ZZ7KQ3M9XW2P')`;
    const direct = await directLedger(ctx.db, tenantId, where);
    expect(json(await list('search=zz7k-q3m9 xw2p')).total).toBe(direct.count);
    expect(json(await list('search=q3m9&type=ADJUST')).total).toBe(1);
    expect(json(await list(`search=q3m9&from=${today}`)).total).toBe(0);
    const demo4 = json(await list('search=dem0card0004&limit=200'));
    expect(demo4.total).toBe((await directLedger(ctx.db, tenantId, sql`card_id = (select id from cards where card_uid = 'DEM0CARD0004')`)).count);
  });

  it("treats % and _ literally and never finds another tenant's customer or card", async () => {
    expect(json(await list('search=%25')).total).toBe(0);
    expect(json(await list('search=_')).total).toBe(0);
    expect(json(await list('search=Oscar')).total).toBe(0);
    expect(json(await list(`search=${other.cardUid}`)).total).toBe(0);
  });

  it('filters by customerId', async () => {
    const row = json(await list('search=zoë&limit=1')).transactions[0];
    expect(json(await list(`customerId=${row.customerId}`)).total).toBe(4);
    expect(json(await list(`customerId=${other.customer.id}`)).total).toBe(0);
  });
});

describe('GET /transactions guards', () => {
  it('answers 400 with field details for bad input, and writes nothing', async () => {
    const before = await countRows(ctx.db, 'transactions');
    for (const q of [
      'type=GIFT',
      'category=FOOD',
      'page=0',
      'limit=0',
      'limit=201',
      'from=yesterday',
      'to=2026-13-01',
      'storeFilter=main',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(json(res).details.length, q).toBeGreaterThan(0);
    }
    expect(await countRows(ctx.db, 'transactions')).toBe(before);
  });

  it('answers 403 to a customer, 401 signed out, 404 on another tenant for both admins', async () => {
    expect((await list('', s.customer)).statusCode).toBe(403);
    expect((await list('', null)).statusCode).toBe(401);
    expect((await list('', s.admin, other.tenant.slug)).statusCode).toBe(404);
    expect((await list('', s.cashier, other.tenant.slug)).statusCode).toBe(404);
    expect((await list('', s.cashier)).statusCode).toBe(200);
  });
});
