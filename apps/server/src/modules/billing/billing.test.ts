import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invoices, payments, paymentMethods, plans, subscriptionEvents, tenants, transactions } from '../../db/schema/index.ts';
import { createTestContext, freshTenant as signedInTenant, demoSessions, json, type TestContext } from '../../../test/helpers.ts';
import { addMonthsUtc } from '../../payments/demo.ts';
import { markLapsedSubscriptions } from './mark-lapsed-subscriptions.ts';

/**
 * Billing API under /api/t/{slug}/billing (plans, usage, payment methods, subscribe, invoices;
 * docs/product.md 'Subscription gates', 'Payments'), on the Demo provider.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let planIds: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  const rows = await ctx.db.select({ id: plans.id, name: plans.name }).from(plans);
  planIds = Object.fromEntries(rows.map((p) => [p.name, p.id]));
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, slug: string, path: string, cookie: string | undefined, payload?: object) =>
  ctx.app.inject({ method, url: `/api/t/${slug}/billing/${path}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A fresh trial tenant with its admin signed in (its own data, so tests do not interfere); `req` paths are under billing/. */
const freshTenant = () => signedInTenant(ctx, { prefix: 'billing/' });

const VISA = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 };
const MC = { brand: 'Mastercard', last4: '4444', exp_month: 1, exp_year: new Date().getUTCFullYear() + 2 };

/** Billing rows of all tenants, for "nothing written" checks. */
async function billingCounts() {
  const n = async (table: string) => {
    const res = await ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
  };
  return {
    methods: await n('payment_methods'),
    payments: await n('payments'),
    invoices: await n('invoices'),
    events: await n('subscription_events'),
  };
}
async function tenantRow(id: string) {
  const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

/** The guard on one route: 403 cashier and customer, 401 signed out, 404 on another tenant's slug. */
async function expectGuarded(method: Method, path: string, payload?: object) {
  const other = await freshTenant();
  expect((await call(method, 'demo', path, s.cashier, payload)).statusCode).toBe(403);
  expect((await call(method, 'demo', path, s.customer, payload)).statusCode).toBe(403);
  expect((await call(method, 'demo', path, undefined, payload)).statusCode).toBe(401);
  const cross = await call(method, other.slug, path, s.admin, payload);
  expect(cross.statusCode).toBe(404);
  expect(json(cross).error).toBe('Tenant not found');
}

describe('GET /billing/plans', () => {
  it('lists the active plans in order with cents prices and limits; inactive plans are left out', async () => {
    const [hidden] = await ctx.db
      .insert(plans)
      .values({ name: 'Hidden', priceMonthlyCents: 100, limits: { stores: 1, staff: 1, cards: 1, transactions: -1 }, isActive: false })
      .returning();
    const res = await call('GET', 'demo', 'plans', s.admin);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.plans.map((p: { name: string }) => p.name)).toEqual(['Starter', 'Professional', 'Enterprise']);
    expect(body.plans[1]).toMatchObject({ name: 'Professional', priceMonthly: 4999, billingPeriod: 'monthly', limits: { stores: 5, staff: 20, cards: 5000 } });
    expect(body.plans[2].limits.cards).toBe(-1);
    expect(body.plans.some((p: { id: string }) => p.id === hidden.id)).toBe(false);
    await ctx.db.delete(plans).where(eq(plans.id, hidden.id));
  });
  it('is guarded', () => expectGuarded('GET', 'plans'));
});

describe('GET /billing/usage', () => {
  it('reports trial usage (limit = freeTrialLimit, stores/staff unlimited) and this calendar month', async () => {
    const t = await freshTenant();
    const res = await t.req('GET', 'usage');
    expect(res.statusCode).toBe(200);
    const { usage } = json(res);
    const now = new Date();
    expect(usage).toMatchObject({ cardsUsed: 1, cardsLimit: 40, storesUsed: 1, storesLimit: -1, staffUsed: 1, staffLimit: -1, transactionsUsed: 1 });
    expect(usage.currentPeriodStart).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
    expect(usage.currentPeriodEnd).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
  });
  it("counts only this period's transactions", async () => {
    const t = await freshTenant();
    await ctx.db
      .update(transactions)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(transactions.tenantId, t.tenant.id));
    expect(json(await t.req('GET', 'usage')).usage.transactionsUsed).toBe(0);
  });
  it('is guarded', () => expectGuarded('GET', 'usage'));
});

describe('payment methods', () => {
  it('adds cards (first one default), lists default first, sets default, removes with promotion', async () => {
    const t = await freshTenant();
    expect(json(await t.req('GET', 'payment-methods'))).toEqual({ paymentMethods: [] });
    const a = await t.req('POST', 'payment-methods', VISA);
    expect(a.statusCode, a.body).toBe(201);
    expect(json(a)).toMatchObject({ is_default: true, card: { last4: '4242', brand: 'visa', exp_month: 12, exp_year: VISA.exp_year } });
    const b = await t.req('POST', 'payment-methods', MC);
    expect(json(b)).toMatchObject({ is_default: false, card: { brand: 'mastercard', last4: '4444' } });
    let list = json(await t.req('GET', 'payment-methods')).paymentMethods;
    expect(list.map((m: { id: string }) => m.id)).toEqual([json(a).id, json(b).id]);

    const set = await t.req('POST', `payment-methods/${json(b).id}/set-default`);
    expect(set.statusCode).toBe(200);
    list = json(set).paymentMethods;
    expect(list.map((m: { id: string; is_default: boolean }) => [m.id, m.is_default])).toEqual([
      [json(b).id, true],
      [json(a).id, false],
    ]);

    const del = await t.req('DELETE', `payment-methods/${json(b).id}`);
    expect(del.statusCode).toBe(204);
    list = json(await t.req('GET', 'payment-methods')).paymentMethods;
    expect(list).toEqual([{ ...json(a), is_default: true }]);
  });

  it('setup-intent answers the demo flag and writes nothing', async () => {
    const t = await freshTenant();
    const before = await billingCounts();
    const res = await t.req('POST', 'setup-intent');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ demo: true });
    expect(await billingCounts()).toEqual(before);
  });

  it('refuses bad cards with 400 and writes nothing', async () => {
    const t = await freshTenant();
    const before = await billingCounts();
    const now = new Date();
    const expired =
      now.getUTCMonth() === 0 ? { exp_month: 12, exp_year: now.getUTCFullYear() - 1 } : { exp_month: now.getUTCMonth(), exp_year: now.getUTCFullYear() };
    const bad = [{ ...VISA, last4: '42' }, { ...VISA, exp_month: 13 }, { ...VISA, brand: '' }, { last4: '4242' }, { ...VISA, ...expired }];
    for (const payload of bad) {
      const res = await t.req('POST', 'payment-methods', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
    expect(json(await t.req('POST', 'payment-methods', { ...VISA, ...expired })).error).toBe('Card has expired');
    // This month's expiry is still valid.
    expect(await billingCounts()).toEqual(before);
    expect((await t.req('POST', 'payment-methods', { ...VISA, exp_month: now.getUTCMonth() + 1, exp_year: now.getUTCFullYear() })).statusCode).toBe(201);
  });

  it("answers 404 for an unknown, malformed or another tenant's card and changes nothing", async () => {
    const t = await freshTenant();
    const u = await freshTenant();
    const theirs = json(await u.req('POST', 'payment-methods', VISA)).id;
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const del = await t.req('DELETE', `payment-methods/${id}`);
      expect(del.statusCode).toBe(404);
      expect(json(del).error).toBe('Payment method not found');
      expect((await t.req('POST', `payment-methods/${id}/set-default`)).statusCode).toBe(404);
    }
    expect(json(await u.req('GET', 'payment-methods')).paymentMethods).toHaveLength(1);
    const [row] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.id, theirs));
    expect(row.isDefault).toBe(true);
  });

  it('GET is guarded', () => expectGuarded('GET', 'payment-methods'));
  it('POST is guarded and writes nothing', async () => {
    const before = await billingCounts();
    await expectGuarded('POST', 'payment-methods', VISA);
    expect(await billingCounts()).toEqual(before);
  });
  it('setup-intent is guarded', () => expectGuarded('POST', 'setup-intent'));
  it('DELETE and set-default are guarded', async () => {
    await expectGuarded('DELETE', 'payment-methods/00000000-0000-4000-8000-000000000000');
    await expectGuarded('POST', 'payment-methods/00000000-0000-4000-8000-000000000000/set-default');
  });
});

describe('POST /billing/subscribe (Demo provider)', () => {
  it('activates the plan at once, records event, payment and paid invoice; GET /tenant and the card quota follow the plan', async () => {
    const t = await freshTenant();
    const card = json(await t.req('POST', 'payment-methods', VISA));
    const before = Date.now();
    const res = await t.req('POST', 'subscribe', { planId: planIds.Starter, paymentMethodId: card.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ demo: true, redirectUrl: `/t/${t.slug}/billing?success=true&demo=true` });
    expect(body.subscriptionId).toMatch(/^demo_sub_/);

    const row = await tenantRow(t.tenant.id);
    expect(row).toMatchObject({ subscriptionStatus: 'ACTIVE', planId: planIds.Starter, graceEndsAt: null, providerSubscriptionId: body.subscriptionId });
    expect(row.currentPeriodEnd!.getTime()).toBe(addMonthsUtc(row.currentPeriodStart!, 1).getTime());

    const [event] = await ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.tenantId, t.tenant.id));
    expect(event).toMatchObject({ eventType: 'created', planId: planIds.Starter, tenantSlug: t.slug });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.tenantId, t.tenant.id));
    expect(payment).toMatchObject({ amountCents: 1999, status: 'paid', kind: 'subscription', planId: planIds.Starter });

    const inv = json(await t.req('GET', 'invoices')).invoices;
    expect(inv).toHaveLength(1);
    expect(inv[0]).toMatchObject({
      amount_paid: 1999,
      status: 'paid',
      period_start: Math.floor(row.currentPeriodStart!.getTime() / 1000),
      period_end: Math.floor(row.currentPeriodEnd!.getTime() / 1000),
    });
    expect(inv[0].created).toBeGreaterThanOrEqual(Math.floor(before / 1000) - 1);

    const tenant = json(await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/tenant`, headers: { cookie: t.cookie } }));
    expect(tenant).toMatchObject({ subscriptionStatus: 'ACTIVE', planId: planIds.Starter, subscriptionRequired: false });
    expect(tenant.subscriptionInfo).toMatchObject({ isActive: true, planName: 'Starter', cardLimit: 500, cardsUsed: 1, cardsRemaining: 499 });

    const usage = json(await t.req('GET', 'usage')).usage;
    expect(usage).toMatchObject({ cardsLimit: 500, storesLimit: 1, staffLimit: 3, currentPeriodStart: row.currentPeriodStart!.toISOString() });

    // The trial allowed 40 cards; the Starter plan allows 500 in all.
    const batch = (count: number) => ctx.app.inject({ method: 'POST', url: `/api/t/${t.slug}/cards/batch`, headers: { cookie: t.cookie }, payload: { count } });
    expect((await batch(499)).statusCode).toBe(201);
    const over = await batch(1);
    expect(over.statusCode).toBe(403);
    expect(json(over)).toMatchObject({ error: 'Insufficient subscription allowance', details: { limit: 500, used: 500, planName: 'Starter' } });
  });

  it("uses the default card when none is given; a plan change is an 'updated' event; the current plan is 409", async () => {
    const t = await freshTenant();
    await t.req('POST', 'payment-methods', VISA);
    expect((await t.req('POST', 'subscribe', { planId: planIds.Starter })).statusCode).toBe(200);
    const before = await billingCounts();
    const again = await t.req('POST', 'subscribe', { planId: planIds.Starter });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ error: 'You are already subscribed to this plan', code: 'CONFLICT' });
    expect(await billingCounts()).toEqual(before);

    const up = await t.req('POST', 'subscribe', { planId: planIds.Professional });
    expect(up.statusCode).toBe(200);
    expect((await tenantRow(t.tenant.id)).planId).toBe(planIds.Professional);
    const events = await ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.tenantId, t.tenant.id));
    expect(events.map((e) => e.eventType).sort()).toEqual(['created', 'updated']);
    const inv = json(await t.req('GET', 'invoices')).invoices;
    expect(inv.map((i: { amount_paid: number }) => i.amount_paid).sort()).toEqual([1999, 4999]);
  });

  it('charges the monthly price times the period months of the plan', async () => {
    const [yearly] = await ctx.db
      .insert(plans)
      .values({ name: 'Yearly Test', priceMonthlyCents: 1000, billingPeriod: 'yearly', limits: { stores: 1, staff: 1, cards: 60, transactions: -1 } })
      .returning();
    const t = await freshTenant();
    await t.req('POST', 'payment-methods', VISA);
    expect((await t.req('POST', 'subscribe', { planId: yearly.id })).statusCode).toBe(200);
    const row = await tenantRow(t.tenant.id);
    expect(row.currentPeriodEnd!.getTime()).toBe(addMonthsUtc(row.currentPeriodStart!, 12).getTime());
    expect(json(await t.req('GET', 'invoices')).invoices[0].amount_paid).toBe(12_000);
    await ctx.db.update(plans).set({ isActive: false }).where(eq(plans.id, yearly.id));
  });

  it("400 'Please select a payment method' without cards; 404 unknown plan or card; 400 bad body: nothing written", async () => {
    const t = await freshTenant();
    const u = await freshTenant();
    const theirCard = json(await u.req('POST', 'payment-methods', VISA)).id;
    const before = await billingCounts();
    const none = await t.req('POST', 'subscribe', { planId: planIds.Starter });
    expect(none.statusCode).toBe(400);
    expect(json(none)).toMatchObject({ error: 'Please select a payment method', code: 'VALIDATION_ERROR' });
    await t.req('POST', 'payment-methods', VISA);
    const mid = await billingCounts();
    for (const planId of ['00000000-0000-4000-8000-000000000000', 'starter']) {
      const res = await t.req('POST', 'subscribe', { planId });
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('Plan not found');
    }
    const inactive = await ctx.db.select({ id: plans.id }).from(plans).where(eq(plans.isActive, false));
    for (const p of inactive) expect((await t.req('POST', 'subscribe', { planId: p.id })).statusCode).toBe(404);
    const foreign = await t.req('POST', 'subscribe', { planId: planIds.Starter, paymentMethodId: theirCard });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).error).toBe('Payment method not found');
    for (const payload of [{}, { planId: '' }, { planId: 5 }]) expect((await t.req('POST', 'subscribe', payload)).statusCode).toBe(400);
    expect(await billingCounts()).toEqual({ ...mid });
    expect(mid).toEqual({ ...before, methods: before.methods + 1 });
    expect((await tenantRow(t.tenant.id)).subscriptionStatus).toBe('TRIALING');
  });

  it('is guarded and writes nothing', async () => {
    const before = await billingCounts();
    await expectGuarded('POST', 'subscribe', { planId: planIds.Starter });
    expect(await billingCounts()).toEqual(before);
    expect((await ctx.db.select().from(tenants).where(eq(tenants.slug, 'demo')))[0].subscriptionStatus).toBe('TRIALING');
  });
});

describe('GET /billing/invoices', () => {
  it("is empty for a tenant that never paid and never shows another tenant's invoices", async () => {
    const t = await freshTenant();
    const u = await freshTenant();
    await u.req('POST', 'payment-methods', VISA);
    await u.req('POST', 'subscribe', { planId: planIds.Enterprise });
    expect(json(await t.req('GET', 'invoices'))).toEqual({ invoices: [] });
    expect(json(await u.req('GET', 'invoices')).invoices).toHaveLength(1);
    expect(await ctx.db.select().from(invoices).where(eq(invoices.tenantId, t.tenant.id))).toHaveLength(0);
  });
  it('is guarded', () => expectGuarded('GET', 'invoices'));
});

describe('parallel billing writes of one tenant (tenant row locked, ADR 0005)', () => {
  it('two parallel subscribes to the same plan: one 200, one 409, one payment and one invoice', async () => {
    const t = await freshTenant();
    await t.req('POST', 'payment-methods', VISA);
    const res = await Promise.all([t.req('POST', 'subscribe', { planId: planIds.Professional }), t.req('POST', 'subscribe', { planId: planIds.Professional })]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(payments).where(eq(payments.tenantId, t.tenant.id))).toHaveLength(1);
    expect(json(await t.req('GET', 'invoices')).invoices).toHaveLength(1);
  });

  it('parallel set-default calls leave exactly one default card', async () => {
    const t = await freshTenant();
    const ids: string[] = [];
    for (const last4 of ['1111', '2222', '3333', '4444']) ids.push(json(await t.req('POST', 'payment-methods', { ...VISA, last4 })).id);
    const res = await Promise.all(ids.map((id) => t.req('POST', `payment-methods/${id}/set-default`)));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    const list = json(await t.req('GET', 'payment-methods')).paymentMethods;
    expect(list.filter((m: { is_default: boolean }) => m.is_default)).toHaveLength(1);
  });
});

describe('the hourly check of paid periods (Demo provider: no renewal comes)', () => {
  it('an ACTIVE plan whose paid period ended over 3 hours ago becomes PAST_DUE with grace 7 days after its end; paying again restores ACTIVE', async () => {
    const t = await freshTenant();
    await t.req('POST', 'payment-methods', VISA);
    expect((await t.req('POST', 'subscribe', { planId: planIds.Starter })).statusCode).toBe(200);
    const { currentPeriodEnd: end } = await tenantRow(t.tenant.id);
    const hours = (h: number) => new Date(end!.getTime() + h * 3_600_000);

    expect(await markLapsedSubscriptions(ctx.db, hours(-1))).toBe(0);
    expect(await markLapsedSubscriptions(ctx.db, hours(2))).toBe(0);
    expect((await tenantRow(t.tenant.id)).subscriptionStatus).toBe('ACTIVE');

    expect(await markLapsedSubscriptions(ctx.db, hours(4))).toBeGreaterThanOrEqual(1);
    const row = await tenantRow(t.tenant.id);
    expect(row).toMatchObject({ subscriptionStatus: 'PAST_DUE', planId: planIds.Starter });
    expect(row.graceEndsAt?.toISOString()).toBe(new Date(end!.getTime() + 7 * 86_400_000).toISOString());
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/tenant`, headers: { cookie: t.cookie } })).subscriptionStatus).toBe('PAST_DUE');
    const activity = json(await ctx.app.inject({ method: 'GET', url: '/api/platform/activity?limit=50', headers: { cookie: s.platform } })).activity;
    expect(activity).toContainEqual(
      expect.objectContaining({ title: 'Status changed', detail: 'ACTIVE → PAST_DUE as the paid period ended without a payment', tenantSlug: t.slug }),
    );

    // A PAST_DUE tenant may pay for its plan again: ACTIVE on a new period.
    expect((await t.req('POST', 'subscribe', { planId: planIds.Starter })).statusCode).toBe(200);
    expect(await tenantRow(t.tenant.id)).toMatchObject({ subscriptionStatus: 'ACTIVE', graceEndsAt: null });
  });
});
