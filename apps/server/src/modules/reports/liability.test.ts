import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { LiabilityReport, PlatformLiabilityReport } from '@loyalty/contract';
import { cards, cashbackLots, offers, stores, tenants, transactions } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { rowsOf } from '../../lib/sql.ts';
import { localToday, shiftDay } from './liability.ts';

/**
 * docs/product.md 'Reports': GET /reports/liability(.csv) and GET /api/platform/reports/liability,
 * every figure exact against hand-built ledgers (through the API, plus direct rows where a
 * day or an expiry must be fixed), the tenant's time zone on the day boundaries, 400, 403, 404.
 */

let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  await ctx.db.update(offers).set({ isActive: false });
});
afterAll(() => ctx.close());

const tenant = () => freshTenant(ctx, { balanceCents: 0, idempotencyKeys: true });

/** A money POST that must answer 200; returns its body. */
async function ok(t: FreshTenant, path: string, payload: object) {
  const res = await t.req('POST', path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
}

/** Inserts a ledger row of the tenant's card at `at` moving its balance by `delta` (cards.balance follows). */
async function directRow(
  t: FreshTenant,
  at: Date,
  type: 'EARN' | 'EXPIRE' | 'REFUND' | 'ADJUST',
  amountCents: number,
  cashbackCents: number,
  delta: number,
  unrecoveredCents = 0,
) {
  const [card] = await ctx.db.select().from(cards).where(eq(cards.id, t.card.id));
  const after = card.balanceCents + delta;
  const [row] = await ctx.db
    .insert(transactions)
    .values({
      tenantId: t.tenant.id,
      cardId: t.card.id,
      customerId: t.customer.id,
      storeId: t.store.id,
      type,
      amountCents,
      cashbackCents,
      unrecoveredCents,
      beforeBalanceCents: card.balanceCents,
      afterBalanceCents: after,
      createdAt: at,
    })
    .returning();
  await ctx.db.update(cards).set({ balanceCents: after }).where(eq(cards.id, t.card.id));
  return row;
}

describe('GET /reports/liability', () => {
  it('sums every movement of the period exactly, with the outstanding, stores, ages and a daily series', async () => {
    const t = await tenant();
    const cardUid = t.cardUid;
    // New tenant: PURCHASE 200 bps at SILVER.
    const e1 = await ok(t, 'transactions/earn', { cardUid, amountCents: 5000 }); // +100 → 100
    const e2 = await ok(t, 'transactions/earn', { cardUid, amountCents: 10_000 }); // +200 → 300
    expect([e1.cashbackEarned, e2.cashbackEarned]).toEqual([100, 200]);
    const r1 = await ok(t, 'transactions/redeem', { cardUid, amountCents: 150 }); // → 150
    await ok(t, `transactions/${r1.transactionId}/void`, { reason: 'Rung up by mistake' }); // +150 → 300
    await ok(t, 'transactions/redeem', { cardUid, amountCents: 250 }); // → 50
    const refund = await ok(t, `transactions/${e2.transactionId}/refund`, {}); // claw-back 200: 50 taken, 150 unrecovered → 0
    expect(refund).toMatchObject({ clawedBackCents: 50, unrecoveredCents: 150 });
    await ok(t, `cards/${cardUid}/adjust`, { deltaCents: 500, reason: 'Goodwill credit' }); // → 500
    await ok(t, `cards/${cardUid}/adjust`, { deltaCents: -50, reason: 'Correction' }); // → 450
    const e3 = await ok(t, 'transactions/earn', { cardUid, amountCents: 2000 }); // +40 → 490
    // An expiry of the last earn's lot (the job's work, written directly): −40 → 450.
    await directRow(t, new Date(), 'EXPIRE', 40, 0, -40);
    await ctx.db.update(cashbackLots).set({ remainingCents: 0 }).where(eq(cashbackLots.sourceTransactionId, e3.transactionId));

    const res = await t.req('GET', 'reports/liability');
    expect(res.statusCode, res.body).toBe(200);
    const r = json<LiabilityReport>(res);
    const today = localToday(new Date(), 'UTC');
    expect(r).toMatchObject({ timezone: 'UTC', from: shiftDay(today, -29), to: today, outstandingCents: 450, cardsWithBalance: 1, expiringNext30DaysCents: 0 });
    expect(r.period).toEqual({
      earnedCents: 340,
      redeemedCents: 400,
      refundedCents: 50,
      unrecoveredCents: 150,
      voidedCents: 150,
      adjustedCents: 450,
      addedFundsCents: 0,
      expiredCents: 40,
      bonusCents: 0,
      breakageRateBps: Math.floor((40 * 10_000) / 340),
    });
    const [store] = await ctx.db.select().from(stores).where(eq(stores.id, t.store.id));
    expect(r.byStore).toEqual([{ storeId: t.store.id, storeName: store.name, outstandingCents: 450 }]);
    expect(r.byAge).toEqual([
      { bucket: '0-30', cents: 450 },
      { bucket: '31-90', cents: 0 },
      { bucket: '91-180', cents: 0 },
      { bucket: '181-365', cents: 0 },
      { bucket: '>365', cents: 0 },
    ]);
    expect(r.series).toHaveLength(30);
    expect(r.series[29]).toEqual({ date: today, outstandingCents: 450, earnedCents: 340, redeemedCents: 400, expiredCents: 40 });
    expect(r.series[28]).toEqual({ date: shiftDay(today, -1), outstandingCents: 0, earnedCents: 0, redeemedCents: 0, expiredCents: 0 });

    // A period before today: nothing moved in it, and it ended with nothing outstanding.
    const y = shiftDay(today, -1);
    const past = json<LiabilityReport>(await t.req('GET', `reports/liability?from=${y}&to=${y}`));
    expect(past).toMatchObject({ from: y, to: y, outstandingCents: 450, period: { earnedCents: 0, expiredCents: 0, breakageRateBps: 0 } });
    expect(past.series).toEqual([{ date: y, outstandingCents: 0, earnedCents: 0, redeemedCents: 0, expiredCents: 0 }]);

    // The CSV carries the same figures.
    const csv = await t.req('GET', `reports/liability.csv?from=${y}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="liability-${y}-${today}.csv"`);
    const rows = parse(csv.body, { columns: true }) as { Section: string; Name: string; Date: string; Amount: string }[];
    const find = (section: string, name: string, date = '') => rows.find((x) => x.Section === section && x.Name === name && x.Date === date)?.Amount;
    expect(find('Summary', 'Outstanding')).toBe('4.50');
    expect(find('Period', 'Unrecovered')).toBe('1.50');
    expect(find('Period', 'Breakage rate (bps)')).toBe('1176');
    expect(find('Series', 'Outstanding', y)).toBe('0.00');
    expect(find('Series', 'Redeemed', today)).toBe('4.00');
  });

  it('puts rows on the local day of the tenant time zone and reads ages and expiries from the lots', async () => {
    const t = await tenant();
    await ctx.db.update(tenants).set({ timezone: 'Pacific/Auckland' }).where(eq(tenants.id, t.tenant.id));
    // NZDT is UTC+13 until April: 10:59Z is 23:59 on 1 March there, 11:30Z is 00:30 on 2 March.
    const a = await directRow(t, new Date('2026-03-01T10:59:00Z'), 'EARN', 1000, 20, 20);
    await directRow(t, new Date('2026-03-01T11:30:00Z'), 'EARN', 1500, 30, 30);
    const r = json<LiabilityReport>(await t.req('GET', 'reports/liability?from=2026-02-28&to=2026-03-02'));
    expect(r.timezone).toBe('Pacific/Auckland');
    expect(r.series).toEqual([
      { date: '2026-02-28', outstandingCents: 0, earnedCents: 0, redeemedCents: 0, expiredCents: 0 },
      { date: '2026-03-01', outstandingCents: 20, earnedCents: 20, redeemedCents: 0, expiredCents: 0 },
      { date: '2026-03-02', outstandingCents: 50, earnedCents: 30, redeemedCents: 0, expiredCents: 0 },
    ]);
    expect(r.period.earnedCents).toBe(50);
    // Lots written directly with fixed ages and expiries (Σ remaining = the balance, 50).
    const now = Date.now();
    const lot = (ageDays: number, remainingCents: number, expiresInDays: number | null) => ({
      tenantId: t.tenant.id,
      cardId: t.card.id,
      sourceTransactionId: a.id,
      creditedAt: new Date(now - ageDays * 86_400_000 - 60_000),
      expiresAt: expiresInDays === null ? null : new Date(now + expiresInDays * 86_400_000),
      amountCents: remainingCents + 5,
      remainingCents,
    });
    await ctx.db.delete(cashbackLots).where(eq(cashbackLots.tenantId, t.tenant.id));
    await ctx.db.insert(cashbackLots).values([lot(30, 1, 10), lot(31, 2, 29.9), lot(100, 4, 30.1), lot(200, 8, null), lot(400, 35, -1), { ...lot(5, 0, 5) }]);
    const r2 = json<LiabilityReport>(await t.req('GET', 'reports/liability'));
    expect(r2.byAge.map((b) => b.cents)).toEqual([1, 2, 4, 8, 35]);
    expect(r2.expiringNext30DaysCents).toBe(3);
  });

  it('reads closed UTC days from the daily rollup, refunds’ unrecovered part included', async () => {
    const t = await tenant();
    const earn = await directRow(t, new Date('2026-03-01T09:00:00Z'), 'EARN', 5000, 100, 100);
    await directRow(t, new Date('2026-03-02T10:00:00Z'), 'REFUND', 5000, 100, -40, 60);
    await directRow(t, new Date('2026-03-02T23:59:59Z'), 'ADJUST', 25, 0, 25);
    const r = json<LiabilityReport>(await t.req('GET', 'reports/liability?from=2026-03-01&to=2026-03-02'));
    expect(r.period).toMatchObject({ earnedCents: 100, refundedCents: 40, unrecoveredCents: 60, adjustedCents: 25 });
    expect(r.series.map((d) => [d.date, d.outstandingCents])).toEqual([
      ['2026-03-01', 100],
      ['2026-03-02', 85],
    ]);
    // The rollup was built (the days are closed) and a later period still counts the rows after it.
    const [state] = rowsOf<{ ru: string }>(
      await ctx.db.execute(sql`select rolled_until::text as ru from ledger_rollup_state where tenant_id = ${t.tenant.id}`),
    );
    expect(state.ru > '2026-03-02').toBe(true);
    const first = json<LiabilityReport>(await t.req('GET', 'reports/liability?from=2026-03-01&to=2026-03-01'));
    expect(first.series).toEqual([{ date: '2026-03-01', outstandingCents: 100, earnedCents: 100, redeemedCents: 0, expiredCents: 0 }]);
    expect(first.period.unrecoveredCents).toBe(0);
    // The operator's report reads the same closed days from the rollup, unrecovered part included.
    const platform = json<PlatformLiabilityReport>(
      await ctx.app.inject({ method: 'GET', url: '/api/platform/reports/liability?from=2026-03-01&to=2026-03-02', headers: { cookie: s.platform } }),
    );
    expect(platform.tenants.find((x) => x.slug === t.slug)?.period).toMatchObject({
      earnedCents: 100,
      refundedCents: 40,
      unrecoveredCents: 60,
      adjustedCents: 25,
    });
    // What is left of the earn's lot (the lots' sum stays the balance, as the shared check wants).
    const lot = { tenantId: t.tenant.id, cardId: t.card.id, sourceTransactionId: earn.id, creditedAt: earn.createdAt, amountCents: 100, remainingCents: 85 };
    await ctx.db.insert(cashbackLots).values(lot);
  });

  it('answers 400 for a bad date', async () => {
    const t = await tenant();
    for (const q of ['from=2026-02-30', 'to=yesterday', 'from=2026-03-02&to=2026-03-01']) {
      const res = await t.req('GET', `reports/liability?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await t.req('GET', 'reports/liability.csv?from=x')).statusCode).toBe(400);
  });

  it('answers 400 when the period that the defaults fill in is too long or starts after today', async () => {
    const t = await tenant();
    const today = localToday(new Date(), 'UTC');
    for (const [q, field] of [
      ['from=2000-01-01', 'to'],
      [`from=${shiftDay(today, 1)}`, 'from'],
    ]) {
      const res = await t.req('GET', `reports/liability?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field }] });
    }
    expect((await t.req('GET', `reports/liability?from=${shiftDay(today, -365)}`)).statusCode).toBe(200);
  });

  it('is for tenant admins only: 403 cashier and customer, 404 another tenant, 401 signed out', async () => {
    const get = (cookie: string | null, slug = 'demo', path = 'liability') =>
      ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/reports/${path}`, headers: cookie ? { cookie } : {} });
    expect((await get(s.admin)).statusCode).toBe(200);
    expect((await get(s.cashier)).statusCode).toBe(403);
    expect((await get(s.customer)).statusCode).toBe(403);
    expect((await get(s.cashier, 'demo', 'liability.csv')).statusCode).toBe(403);
    const t = await tenant();
    expect((await get(t.cookie)).statusCode).toBe(404);
    expect((await get(s.admin, t.slug, 'liability.csv')).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(401);
  });
});

describe('GET /api/platform/reports/liability', () => {
  const op = (query = '', cookie = s.platform) => ctx.app.inject({ method: 'GET', url: `/api/platform/reports/liability${query}`, headers: { cookie } });

  it("lists every tenant's outstanding and period (UTC days), sorted, with the totals", async () => {
    const a = await tenant();
    const b = await tenant();
    await ok(a, 'transactions/earn', { cardUid: a.cardUid, amountCents: 10_000 }); // +200
    await ok(b, 'transactions/earn', { cardUid: b.cardUid, amountCents: 5000 }); // +100
    await ok(b, 'transactions/redeem', { cardUid: b.cardUid, amountCents: 30 });
    const res = await op();
    expect(res.statusCode, res.body).toBe(200);
    const r = json<PlatformLiabilityReport>(res);
    const rowOf = (slug: string) => r.tenants.find((x) => x.slug === slug)!;
    expect(rowOf(a.slug)).toMatchObject({
      tenantId: a.tenant.id,
      tenantName: a.tenant.name,
      outstandingCents: 200,
      period: { earnedCents: 200, redeemedCents: 0 },
    });
    expect(rowOf(b.slug)).toMatchObject({ outstandingCents: 70, period: { earnedCents: 100, redeemedCents: 30 } });
    expect(r.totalOutstandingCents).toBe(r.tenants.reduce((n, x) => n + x.outstandingCents, 0));
    expect(r.totalPeriod.earnedCents).toBe(r.tenants.reduce((n, x) => n + x.period.earnedCents, 0));
    const outs = r.tenants.map((x) => x.outstandingCents);
    expect(outs).toEqual([...outs].sort((x, y) => y - x));
    const byName = json<PlatformLiabilityReport>(await op('?sort=name&order=asc')).tenants.map((x) => x.tenantName);
    expect(byName).toEqual([...byName].sort((x, y) => x.localeCompare(y)));
  });

  it('answers 400 for a bad query and 403 for a tenant admin', async () => {
    expect((await op('?sort=size')).statusCode).toBe(400);
    expect((await op('?from=2026-13-01')).statusCode).toBe(400);
    expect((await op('', s.admin)).statusCode).toBe(403);
  });
});
