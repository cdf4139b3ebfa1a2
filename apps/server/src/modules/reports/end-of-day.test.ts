import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { EndOfDayReport } from '@loyalty/contract';
import { stores, tenants, transactions } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, freshTenant, json, loginAs, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * GET /api/t/{slug}/reports/end-of-day (.csv, .pdf) (docs/product.md 'Reports'): a day of the
 * business's time zone, per store and staff member, whose sums equal the ledger's for that day
 * (rows on both sides of local midnight in New York); a cashier sees their own store only; the
 * guards.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const PASSWORD = 'Cashier-Pass-123!';

/** A New York business with a second store and a cashier bound to the first, signed in. */
async function business(): Promise<FreshTenant & { second: string; cashier: string; cashierId: string }> {
  const t = await freshTenant(ctx, { balanceCents: 10_000 });
  await ctx.db.update(tenants).set({ timezone: 'America/New_York', subscriptionStatus: 'ACTIVE' }).where(eq(tenants.id, t.tenant.id));
  const [second] = await ctx.db.insert(stores).values({ tenantId: t.tenant.id, name: 'Harbour' }).returning();
  const email = `cashier-${randomUUID().slice(0, 8)}@example.com`;
  const made = await t.req('POST', 'users', { firstName: 'Casey', lastName: 'Till', email, password: PASSWORD, role: 'cashier', storeId: t.store.id });
  expect(made.statusCode, made.body).toBe(201);
  return { ...t, second: second.id, cashier: await loginAs(ctx.app, email, PASSWORD), cashierId: json(made).id };
}

const move = (t: FreshTenant, cookie: string, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/t/${t.slug}/${path}`, headers: { cookie, 'idempotency-key': randomUUID() }, payload });
const report = (t: FreshTenant, cookie: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/reports/end-of-day${query}`, headers: { cookie } });

describe('GET /reports/end-of-day', () => {
  it("sums each movement of the business's day per store and staff member, equal to the ledger's, across local midnight", async () => {
    const t = await business();
    const earnA = json(await move(t, t.cookie, 'transactions/earn', { cardUid: t.cardUid, amountCents: 5000 }));
    const earnC = json(await move(t, t.cashier, 'transactions/earn', { cardUid: t.cardUid, amountCents: 2000 }));
    const redeem = json(await move(t, t.cashier, 'transactions/redeem', { cardUid: t.cardUid, amountCents: 700 }));
    await move(t, t.cookie, `transactions/${redeem.transactionId}/void`, { reason: 'Wrong card' });
    await move(t, t.cashier, 'transactions/redeem', { cardUid: t.cardUid, amountCents: 300 });
    await move(t, t.cookie, `transactions/${earnA.transactionId}/refund`, { amountCents: 2500 });
    await move(t, t.cookie, `cards/${t.cardUid}/adjust`, { deltaCents: -250, reason: 'Correction' });
    // Booked to the second store: one more earn by the admin.
    await move(t, t.cookie, 'transactions/earn', { cardUid: t.cardUid, amountCents: 1000, storeId: t.second });
    // Every row so far at 23:30 on 9 November in New York (04:30 UTC on the 10th) but the cashier's earn at 00:30 on the 10th.
    await ctx.db
      .update(transactions)
      .set({ createdAt: new Date('2026-11-10T04:30:00Z') })
      .where(eq(transactions.tenantId, t.tenant.id));
    await ctx.db
      .update(transactions)
      .set({ createdAt: new Date('2026-11-10T05:30:00Z') })
      .where(eq(transactions.id, earnC.transactionId));

    const res = await report(t, t.cookie, '?date=2026-11-09');
    expect(res.statusCode, res.body).toBe(200);
    const r = json<EndOfDayReport>(res);
    expect(r).toMatchObject({ date: '2026-11-09', timezone: 'America/New_York', storeId: null });
    expect(r.stores.map((x) => x.storeName)).toEqual(['Harbour', t.store.name].sort());
    const main = r.stores.find((x) => x.storeId === t.store.id)!;
    expect(main.staff.map((x) => [x.kind, x.name])).toEqual([
      ['user', 'Casey Till'],
      ['user', 'Olga Other'],
      ['system', 'System'],
    ]);
    const casey = main.staff[0].figures;
    expect(casey.purchases.count).toBe(0);
    expect(casey.redemptions).toEqual({ count: 2, amountCents: 1000 });
    const olga = main.staff[1].figures;
    expect(olga.purchases).toEqual({ count: 1, amountCents: 5000, cashbackCents: 100 });
    expect(olga.refunds).toEqual({ count: 1, amountCents: 2500, clawbackCents: 50 });
    expect(olga.voids).toEqual({ count: 1, amountCents: 700 });
    expect(olga.adjustments).toEqual({ count: 1, amountCents: -250 });
    // The day's totals equal the ledger's own sums over the same local day.
    const [ledger] = rowsOf<{ n: number; delta: string | number; earned: string | number }>(
      await ctx.db.execute(sql`select count(*)::int as n, sum(after_balance_cents - before_balance_cents) as delta,
          coalesce(sum(amount_cents) filter (where type = 'EARN'), 0) as earned
        from transactions where tenant_id = ${t.tenant.id}
          and created_at >= '2026-11-09'::timestamp at time zone 'America/New_York' and created_at < '2026-11-10'::timestamp at time zone 'America/New_York'`),
    );
    const f = r.totals;
    const counted = [f.purchases, f.redemptions, f.refunds, f.voids, f.adjustments, f.addFunds, f.bonuses, f.expiries].reduce((n, x) => n + x.count, 0);
    expect(counted).toBe(ledger.n);
    expect(f.netCents).toBe(Number(ledger.delta));
    expect(f.purchases.amountCents).toBe(Number(ledger.earned));
    expect(f.purchases).toEqual({ count: 2, amountCents: 6000, cashbackCents: 120 });
    // The cashier's earn after midnight is on the next day.
    const next = json<EndOfDayReport>(await report(t, t.cookie, '?date=2026-11-10'));
    expect(next.totals.purchases).toEqual({ count: 1, amountCents: 2000, cashbackCents: 40 });
    expect(next.stores[0].staff.map((x) => x.name)).toEqual(['Casey Till']);
  });

  it('shows a cashier their own store only: another store is 403, none means theirs', async () => {
    const t = await business();
    await move(t, t.cookie, 'transactions/earn', { cardUid: t.cardUid, amountCents: 1000, storeId: t.second });
    await move(t, t.cashier, 'transactions/earn', { cardUid: t.cardUid, amountCents: 2000 });
    const own = json<EndOfDayReport>(await report(t, t.cashier));
    expect(own.storeId).toBe(t.store.id);
    expect(own.stores.map((x) => x.storeId)).toEqual([t.store.id]);
    expect(own.totals.purchases.amountCents).toBe(2000);
    expect((await report(t, t.cashier, `?storeId=${t.second}`)).statusCode).toBe(403);
    const admin = json<EndOfDayReport>(await report(t, t.cookie, `?storeId=${t.second}`));
    expect(admin.totals.purchases.amountCents).toBe(1000);
  });

  it('downloads end-of-day-{date}.csv and a printable PDF with the same figures', async () => {
    const t = await business();
    await move(t, t.cashier, 'transactions/earn', { cardUid: t.cardUid, amountCents: 2000 });
    const today = json<EndOfDayReport>(await report(t, t.cookie)).date;
    const file = await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/reports/end-of-day.csv`, headers: { cookie: t.cookie } });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="end-of-day-${today}.csv"`);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Store,Staff,Purchases,Purchase amount,Cashback issued,/);
    expect(lines).toContain(`${t.store.name},Casey Till,1,20.00,0.40,0,0.00,0,0.00,0.00,0,0.00,0,0.00,0,0.00,0,0.00,0,0.00,0.40`);
    expect(lines.at(-1)).toMatch(/^All stores,All staff,1,20.00,0.40,/);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/reports/end-of-day.pdf`, headers: { cookie: t.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 400 for a bad date or store id, 404 for an unknown store, 403 to a customer, 401 signed out, 404 for another business', async () => {
    const t = await business();
    expect((await report(t, t.cookie, '?date=2026-13-01')).statusCode).toBe(400);
    expect((await report(t, t.cookie, '?storeId=nope')).statusCode).toBe(400);
    expect((await report(t, t.cookie, `?storeId=${randomUUID()}`)).statusCode).toBe(404);
    const demoStores = await ctx.db
      .select()
      .from(stores)
      .where(sql`${stores.tenantId} <> ${t.tenant.id}`)
      .limit(1);
    expect((await report(t, t.cookie, `?storeId=${demoStores[0].id}`)).statusCode).toBe(404);
    for (const path of ['', '.csv', '.pdf']) {
      const url = `/api/t/demo/reports/end-of-day${path}`;
      expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: s.customer } })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/reports/end-of-day${path}`, headers: { cookie: s.admin } })).statusCode).toBe(404);
    }
  });
});
