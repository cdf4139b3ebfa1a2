import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { payments, plans, subscriptionEvents, tenants } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, demoTenantId, json, type TestContext } from '../../../test/helpers.ts';
import { TIMEFRAME_DAYS, timeframeWindow } from './analytics.ts';
import { utcMonthStart } from '../../lib/time.ts';
import { trend } from './stats.ts';

/**
 * Subscription analytics (GET /api/admin/analytics/subscriptions; docs/product.md
 * 'Reports') and the platform analytics (GET /api/platform/analytics: charts and growth from
 * real data), checked against payments and subscription events
 * inserted inside and just outside each window.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let plan: Record<string, string>;
let demoId: string;

type Pay = { amountCents: number; status: string; planId: string | null; createdAt: Date; tenantName: string };
type Ev = { eventType: string; planId: string | null; createdAt: Date };
const pays: Pay[] = [];
const evs: Ev[] = [];

const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  demoId = await demoTenantId(ctx.db);
  // This file's database is its own: start from no revenue history.
  await ctx.db.delete(payments);
  await ctx.db.delete(subscriptionEvents);
  const [mini] = await ctx.db
    .insert(plans)
    .values({ name: 'Mini', priceMonthlyCents: 100, limits: { stores: 1, staff: 1, cards: 10, transactions: -1 }, sortOrder: 9 })
    .returning();
  const rows = await ctx.db.select({ id: plans.id, name: plans.name }).from(plans);
  plan = Object.fromEntries(rows.map((p) => [p.name, p.id]));
  expect(plan.Mini).toBe(mini.id);

  const now = new Date();
  const from = (tf: keyof typeof TIMEFRAME_DAYS) => timeframeWindow(tf, now).from.getTime();
  const p = (amountCents: number, status: string, planName: string | null, at: number, tenantName = 'Demo Retail Store') =>
    pays.push({ amountCents, status, planId: planName ? plan[planName] : null, createdAt: new Date(at), tenantName });
  // Inside 7d (so inside every window): first minute of the window, and now.
  p(1999, 'paid', 'Starter', from('7d') + MIN);
  p(1999, 'paid', 'Starter', now.getTime() - MIN);
  p(4999, 'paid', 'Professional', from('7d') + 2 * MIN);
  p(14999, 'paid', 'Enterprise', from('7d') + 3 * MIN);
  p(100, 'paid', 'Mini', from('7d') + 4 * MIN);
  p(-300, 'refunded', null, now.getTime() - 2 * MIN);
  p(7777, 'pending', 'Professional', now.getTime() - 3 * MIN);
  p(2500, 'paid', null, now.getTime() - 4 * MIN, 'Deleted Shop');
  // Just outside each window (1 ms before its start), so inside the next larger one.
  p(50000, 'paid', 'Mini', from('7d') - 1);
  p(30000, 'paid', 'Professional', from('30d') - 1);
  p(20000, 'paid', 'Starter', from('90d') - 1);
  p(99999, 'paid', 'Enterprise', from('1y') - 1);
  await ctx.db.insert(payments).values(pays.map((x) => ({ ...x, tenantId: x.tenantName === 'Deleted Shop' ? null : demoId })));

  const e = (eventType: string, planName: string | null, at: number) =>
    evs.push({ eventType, planId: planName ? plan[planName] : null, createdAt: new Date(at) });
  e('created', 'Professional', from('7d') + MIN);
  e('created', null, now.getTime() - MIN);
  e('updated', 'Enterprise', now.getTime() - 2 * MIN);
  e('created', 'Starter', from('7d') - 1);
  e('created', 'Starter', from('30d') - 1);
  e('canceled', null, from('90d') - 1);
  e('created', 'Starter', from('1y') - 1);
  await ctx.db.insert(subscriptionEvents).values(evs.map((x) => ({ ...x, tenantId: demoId, tenantName: 'Demo Retail Store', tenantSlug: 'demo' })));
  await ctx.db.update(tenants).set({ subscriptionStatus: 'ACTIVE' }).where(eq(tenants.id, demoId));
});
afterAll(() => ctx.close());

/** GET as the platform admin, or with `cookie` (null: signed out). */
const get = (url: string, cookie: string | null = s.platform) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const revenue = (x: Pay) => x.status === 'paid' || x.status === 'refunded';

describe('GET /api/admin/analytics/subscriptions', () => {
  it.each(['7d', '30d', '90d', '1y'] as const)('%s: figures of the window only', async (tf) => {
    const res = await get(`/api/admin/analytics/subscriptions?timeframe=${tf}`);
    expect(res.statusCode, res.body).toBe(200);
    const a = json(res);
    const { from, days } = timeframeWindow(tf, new Date());
    const inPays = pays.filter((x) => x.createdAt >= from);
    const inEvs = evs.filter((x) => x.createdAt >= from);
    expect(a.timeframe).toBe(tf);
    expect(a.totalRevenue).toBe(inPays.filter(revenue).reduce((sum, x) => sum + x.amountCents, 0));
    expect(a.totalSubscriptions).toBe(inEvs.filter((x) => x.eventType === 'created').length);
    expect(a.activeSubscriptions).toBe(
      Number(
        ((await ctx.db.execute(sql`select count(*)::int n from tenants where subscription_status = 'ACTIVE'`)) as unknown as { rows: { n: number }[] }).rows[0]
          .n,
      ),
    );
    expect(a.activeSubscriptions).toBeGreaterThanOrEqual(1);

    expect(a.revenueByDay).toHaveLength(TIMEFRAME_DAYS[tf]);
    expect(a.revenueByDay.map((d: { date: string }) => d.date)).toEqual(days);
    expect(a.revenueByDay[0].date).toBe(from.toISOString().slice(0, 10));
    expect(a.revenueByDay.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(a.revenueByDay.reduce((sum: number, d: { revenue: number }) => sum + d.revenue, 0)).toBe(a.totalRevenue);
    const firstDay = inPays.filter((x) => revenue(x) && x.createdAt.toISOString().slice(0, 10) === days[0]).reduce((sum, x) => sum + x.amountCents, 0);
    expect(a.revenueByDay[0].revenue).toBe(firstDay);

    const byPlan = new Map<string, { amount: number; count: number }>();
    for (const x of inPays.filter((y) => revenue(y) && y.planId)) {
      const cur = byPlan.get(x.planId!) ?? { amount: 0, count: 0 };
      byPlan.set(x.planId!, { amount: cur.amount + x.amountCents, count: cur.count + 1 });
    }
    const expectedTop = [...byPlan.entries()].sort((l, r) => r[1].amount - l[1].amount).slice(0, 3);
    expect(a.topPlans.map((t: { planId: string; amount: number; count: number }) => [t.planId, t.amount, t.count])).toEqual(
      expectedTop.map(([id, v]) => [id, v.amount, v.count]),
    );
    expect(a.topPlans.length).toBeLessThanOrEqual(3);
    expect(a.topPlans[0].plan.name).toBe(Object.entries(plan).find(([, id]) => id === expectedTop[0][0])![0]);

    expect(a.subscriptionEvents).toHaveLength(inEvs.length);
    expect(a.subscriptionEvents.map((x: { createdAt: string }) => x.createdAt)).toEqual(
      inEvs
        .map((x) => x.createdAt.toISOString())
        .sort()
        .reverse(),
    );
    expect(a.subscriptionEvents[0]).toMatchObject({ tenant: { name: 'Demo Retail Store', slug: 'demo' } });
    const pro = a.subscriptionEvents.find((x: { plan: { name: string } | null }) => x.plan?.name === 'Professional');
    expect(pro).toMatchObject({ eventType: 'created', plan: { name: 'Professional', priceMonthly: 4999 } });
    expect(a.subscriptionEvents.some((x: { plan: unknown }) => x.plan === null)).toBe(true);

    expect(a.recentPayments).toHaveLength(inPays.length);
    expect(a.recentPayments.map((x: { createdAt: string }) => x.createdAt)).toEqual(
      inPays
        .map((x) => x.createdAt.toISOString())
        .sort()
        .reverse(),
    );
    expect(a.recentPayments.find((x: { status: string }) => x.status === 'pending')).toMatchObject({ amount: 7777, plan: { name: 'Professional' } });
    expect(a.recentPayments.find((x: { tenant: { name: string } }) => x.tenant.name === 'Deleted Shop')).toMatchObject({
      amount: 2500,
      plan: null,
      status: 'paid',
    });
  });

  it('the windows differ as the rows say: each boundary row counts only in the larger windows', async () => {
    const totals = await Promise.all(
      (['7d', '30d', '90d', '1y'] as const).map(async (tf) => json(await get(`/api/admin/analytics/subscriptions?timeframe=${tf}`)).totalRevenue),
    );
    expect(totals).toEqual([
      1999 * 2 + 4999 + 14999 + 100 - 300 + 2500,
      1999 * 2 + 4999 + 14999 + 100 - 300 + 2500 + 50000,
      1999 * 2 + 4999 + 14999 + 100 - 300 + 2500 + 80000,
      1999 * 2 + 4999 + 14999 + 100 - 300 + 2500 + 100000,
    ]);
  });

  it('defaults to 30d, refuses another timeframe with 400, and answers 401 / 403 to a non-operator', async () => {
    const def = json(await get('/api/admin/analytics/subscriptions'));
    expect(def.timeframe).toBe('30d');
    expect(def.revenueByDay).toHaveLength(30);
    const bad = await get('/api/admin/analytics/subscriptions?timeframe=2w');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('VALIDATION_ERROR');
    expect((await get('/api/admin/analytics/subscriptions', null)).statusCode).toBe(401);
    for (const cookie of [s.admin, s.cashier, s.customer]) expect((await get('/api/admin/analytics/subscriptions', cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/platform/analytics', () => {
  it('gives 12 months of revenue and new tenants oldest first, tenants per status and monthly growth from real data', async () => {
    const now = new Date();
    // Revenue: the first day of the oldest month counts, the last moment before it does not.
    await ctx.db.insert(payments).values([
      { tenantName: 'Old', amountCents: 1234, status: 'paid', createdAt: new Date(utcMonthStart(now, -11).getTime() + 1) },
      { tenantName: 'Older', amountCents: 5555, status: 'paid', createdAt: new Date(utcMonthStart(now, -11).getTime() - 1) },
    ]);
    await ctx.db.insert(tenants).values([
      { name: 'Last Month A', slug: 'last-month-a', createdAt: new Date(utcMonthStart(now, -1).getTime() + 1000) },
      { name: 'Last Month B', slug: 'last-month-b', createdAt: new Date(utcMonthStart(now, -1).getTime() + 2000) },
      { name: 'Canceled One', slug: 'canceled-one', subscriptionStatus: 'CANCELED' },
    ]);
    const res = await get('/api/platform/analytics');
    expect(res.statusCode, res.body).toBe(200);
    const a = json(res);
    const months = Array.from({ length: 12 }, (_, i) =>
      utcMonthStart(now, i - 11)
        .toISOString()
        .slice(0, 7),
    );
    expect(a.revenueByMonth.map((m: { month: string }) => m.month)).toEqual(months);
    expect(a.tenantsByMonth.map((m: { month: string }) => m.month)).toEqual(months);
    const monthRevenue = (m: string) =>
      pays.filter((x) => revenue(x) && x.createdAt.toISOString().slice(0, 7) === m).reduce((sum, x) => sum + x.amountCents, 0) + (m === months[0] ? 1234 : 0);
    expect(a.revenueByMonth.map((m: { revenue: number }) => m.revenue)).toEqual(months.map(monthRevenue));

    const all = await ctx.db.select({ createdAt: tenants.createdAt, status: tenants.subscriptionStatus }).from(tenants);
    const created = (m: string) => all.filter((t) => t.createdAt.toISOString().slice(0, 7) === m).length;
    expect(a.tenantsByMonth.map((m: { count: number }) => m.count)).toEqual(months.map(created));
    expect(a.tenantsByMonth[10].count).toBeGreaterThanOrEqual(2);
    expect(a.monthlyGrowth).toBe(trend(created(months[11]), created(months[10])));
    expect(a.tenantsByStatus.map((x: { status: string }) => x.status)).toEqual(['NONE', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'CANCELED']);
    for (const row of a.tenantsByStatus) expect(row.count).toBe(all.filter((t) => t.status === row.status).length);
    expect(a.tenantsByStatus.find((x: { status: string }) => x.status === 'CANCELED').count).toBe(1);
  });
});
