import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RewardSettings, RewardsReport } from '@loyalty/contract';
import { cards, cashbackLots, customers, stores, tenants } from '../../db/schema/index.ts';
import { expireCashback } from '../ledger/index.ts';
import { createTestContext, demoSessions, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';

/**
 * GET /api/t/{slug}/reports/rewards and its CSV (docs/product.md 'Rewards'): per month of the
 * business's time zone and per reason the bonuses issued and what of them was spent, referrals
 * invited, joined and converted, win-back offers sent and taken up, with totals; the guards.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const ON: RewardSettings = {
  welcome: { enabled: true, amountCents: 300 },
  birthday: { enabled: false, amountCents: 1000 },
  referral: { enabled: true, referrerCents: 700, friendCents: 400, minPurchaseCents: 2000, maxPerReferrerPerMonth: 5 },
  winBack: { enabled: false, inactiveDays: 60, bonusCents: 500, validDays: 14 },
};

const money = (t: FreshTenant, path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/t/${t.slug}/${path}`, headers: { cookie: t.cookie, 'idempotency-key': randomUUID() }, payload });

describe('GET /reports/rewards', () => {
  it('counts this month’s bonuses by reason with what was spent, and the referrals; other months are zero', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    await ctx.db.update(tenants).set({ subscriptionStatus: 'ACTIVE' }).where(eq(tenants.id, t.tenant.id));
    await t.req('PUT', 'rules/rewards', ON);
    const [store] = await ctx.db.select().from(stores).where(eq(stores.tenantId, t.tenant.id));
    const uids = ['RWREP0000001', 'RWREP0000002'];
    await ctx.db.insert(cards).values(uids.map((cardUid) => ({ tenantId: t.tenant.id, cardUid, status: 'UNASSIGNED' as const })));
    const [oscar] = await ctx.db.select({ referral_code: customers.referralCode }).from(customers).where(eq(customers.id, t.customer.id));
    // Two friends referred at the till: two welcome bonuses ($3.00 each); one buys $20.00: the referral pays $4.00 and $7.00.
    for (const [i, cardUid] of uids.entries()) {
      const res = await t.req('POST', 'cards/activate', {
        cardUid,
        storeId: store.id,
        customer: { firstName: `Friend${i}`, lastName: 'Ref' },
        referralCode: oscar.referral_code,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await money(t, 'transactions/earn', { cardUid: uids[0], amountCents: 2000 })).statusCode).toBe(200);
    // The friend spends all $7.40: their welcome and referral bonuses are spent, the referrer's $7.00 is not.
    expect((await money(t, 'transactions/redeem', { cardUid: uids[0], amountCents: 740 })).statusCode).toBe(200);
    const res = await t.req('GET', 'reports/rewards');
    expect(res.statusCode, res.body).toBe(200);
    const r = json<RewardsReport>(res);
    expect(r.months).toHaveLength(12);
    const thisMonth = r.months[11];
    expect(thisMonth.month).toBe(r.to);
    expect(thisMonth.bonuses).toEqual([
      { reason: 'WELCOME', count: 2, amountCents: 600, redeemedCents: 300 },
      { reason: 'BIRTHDAY', count: 0, amountCents: 0, redeemedCents: 0 },
      { reason: 'REFERRAL', count: 2, amountCents: 1100, redeemedCents: 400 },
      { reason: 'WIN_BACK', count: 0, amountCents: 0, redeemedCents: 0 },
    ]);
    expect(thisMonth.referrals).toEqual({ invited: 2, joined: 2, converted: 1 });
    expect(thisMonth.winBack).toEqual({ sent: 0, cameBack: 0 });
    expect(r.months[0].bonuses.every((b) => b.count === 0)).toBe(true);
    expect(r.totals.referrals).toEqual({ invited: 2, joined: 2, converted: 1 });
    expect(r.totals.bonuses.find((b) => b.reason === 'WELCOME')).toMatchObject({ count: 2, amountCents: 600 });

    const csv = await t.req('GET', `reports/rewards.csv?from=${r.to}&to=${r.to}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="rewards-${r.to}-${r.to}.csv"`);
    expect(csv.body).toContain(`${r.to},Bonus WELCOME,2,6.00,3.00`);
    expect(csv.body.split('\n')[0]).toBe('Month,Figure,Count,Amount,Spent');
    expect(csv.body).toContain(`${r.to},Referrals converted,1,,`);
    expect(csv.body).toContain('Total,Bonus REFERRAL,2,11.00,4.00');
  });

  it('does not count an expired bonus as spent: the expiry records what it took from the lot', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    await ctx.db.update(tenants).set({ subscriptionStatus: 'ACTIVE' }).where(eq(tenants.id, t.tenant.id));
    await t.req('PUT', 'rules/rewards', ON);
    const [store] = await ctx.db.select().from(stores).where(eq(stores.tenantId, t.tenant.id));
    await ctx.db.insert(cards).values({ tenantId: t.tenant.id, cardUid: 'RWEXP0000001', status: 'UNASSIGNED' });
    await t.req('POST', 'cards/activate', { cardUid: 'RWEXP0000001', storeId: store.id, customer: { firstName: 'Ex', lastName: 'Pired' } });
    // $1.00 of the $3.00 welcome bonus spent, then the rest expires.
    expect((await money(t, 'transactions/redeem', { cardUid: 'RWEXP0000001', amountCents: 100 })).statusCode).toBe(200);
    await ctx.db
      .update(cashbackLots)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cashbackLots.tenantId, t.tenant.id));
    expect(await expireCashback(ctx.db, new Date())).toMatchObject({ cards: 1, cents: 200 });
    const [lot] = await ctx.db.select().from(cashbackLots).where(eq(cashbackLots.tenantId, t.tenant.id));
    expect(lot).toMatchObject({ amountCents: 300, remainingCents: 0, expiredCents: 200 });
    const r = json<RewardsReport>(await t.req('GET', 'reports/rewards'));
    expect(r.totals.bonuses.find((b) => b.reason === 'WELCOME')).toEqual({ reason: 'WELCOME', count: 1, amountCents: 300, redeemedCents: 100 });
  });

  it('answers the months asked for, and 400 for a bad month, from after to, or more than 24 months', async () => {
    const t = await freshTenant(ctx);
    const r = json<RewardsReport>(await t.req('GET', 'reports/rewards?from=2026-01&to=2026-03'));
    expect(r.months.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    for (const q of ['from=2026-13', 'from=2026-05&to=2026-04', 'from=2024-01&to=2026-01', 'to=26-01']) {
      expect((await t.req('GET', `reports/rewards?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('answers 403 to the cashier and the customer, 401 signed out, 404 for another business', async () => {
    const t = await freshTenant(ctx);
    const call = (cookie: string, slug = 'demo', path = 'reports/rewards') =>
      ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/${path}`, headers: cookie ? { cookie } : {} });
    for (const path of ['reports/rewards', 'reports/rewards.csv']) {
      expect((await call(s.cashier, 'demo', path)).statusCode).toBe(403);
      expect((await call(s.customer, 'demo', path)).statusCode).toBe(403);
      expect((await call('', 'demo', path)).statusCode).toBe(401);
      expect((await call(s.admin, t.slug, path)).statusCode).toBe(404);
    }
  });
});
