import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, payments, plans, platformSettings, sessions, tenants, users } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { utcMonthStart } from '../../lib/time.ts';
import { trend } from './stats.ts';

/**
 * The platform operator's API (docs/product.md 'Roles', 'Platform settings'):
 * stats, activity, plans and settings with their effects. Tenants: tenants.test.ts;
 * analytics: analytics.test.ts.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const op = (method: Method, path: string, payload?: object) => call(method, `/api/platform/${path}`, s.platform, payload);
const n = async (q: string) => Number(((await ctx.db.execute(sql.raw(q))) as unknown as { rows: { n: number }[] }).rows[0].n);

const PLAN = {
  name: 'Growth',
  description: 'For growing shops',
  priceMonthly: 2999,
  billingPeriod: 'monthly',
  stripePriceId: '',
  features: ['Up to 2 stores', '', 'Email support'],
  limits: { stores: 2, staff: 5, cards: 1000, transactions: -1 },
  isActive: true,
};

describe('guard', () => {
  const routes: [Method, string, object?][] = [
    ['GET', '/api/platform/stats'],
    ['GET', '/api/platform/activity'],
    ['GET', '/api/platform/tenants'],
    ['POST', '/api/platform/tenants', { name: 'X', slug: 'guard-x', ownerEmail: 'guard@x.test', ownerPassword: 'secret12' }],
    ['PUT', '/api/platform/tenants/00000000-0000-4000-8000-000000000000', { name: 'X', subscriptionStatus: 'ACTIVE' }],
    ['DELETE', '/api/platform/tenants/00000000-0000-4000-8000-000000000000', { confirmSlug: 'x' }],
    ['GET', '/api/platform/plans'],
    ['POST', '/api/platform/plans', PLAN],
    ['PUT', '/api/platform/plans/00000000-0000-4000-8000-000000000000', PLAN],
    ['DELETE', '/api/platform/plans/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/platform/analytics'],
    ['GET', '/api/platform/settings'],
    ['PUT', '/api/platform/settings', { smtp: {}, security: {}, platform: {} }],
    ['GET', '/api/admin/analytics/subscriptions?timeframe=7d'],
  ];
  it.each(routes)('%s %s: 401 signed out, 403 for tenant_admin, cashier and customer', async (method, url, body) => {
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    for (const cookie of [s.admin, s.cashier, s.customer]) {
      const res = await call(method, url, cookie, body);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ error: 'Platform admin access required', code: 'FORBIDDEN' });
    }
  });
});

describe('GET /api/platform/stats', () => {
  it('counts tenants, stores and customers and sums revenue (refunds subtract, pending left out) with trends', async () => {
    const before = json(await op('GET', 'stats'));
    expect(before.totalTenants).toBe(await n('select count(*)::int n from tenants'));
    expect(before.activeTenants).toBe(await n(`select count(*)::int n from tenants where subscription_status in ('ACTIVE','TRIALING')`));
    expect(before.totalStores).toBe(await n('select count(*)::int n from stores'));
    expect(before.totalCustomers).toBe(await n('select count(*)::int n from customers'));

    const now = new Date();
    const lastMonth = new Date(utcMonthStart(now, -1).getTime() + 86_400_000);
    await ctx.db.insert(payments).values([
      { tenantName: 'Gone Shop', amountCents: 2000, status: 'paid', createdAt: lastMonth },
      { tenantName: 'Gone Shop', amountCents: 3000, status: 'paid' },
      { tenantName: 'Gone Shop', amountCents: -500, status: 'refunded', kind: 'card_order_refund' },
      { tenantName: 'Gone Shop', amountCents: 9000, status: 'pending' },
    ]);
    const created = await op('POST', 'tenants', { name: 'Stats Shop', slug: 'stats-shop', ownerEmail: 'stats@shop.test', ownerPassword: 'secret12' });
    expect(created.statusCode).toBe(201);

    const after = json(await op('GET', 'stats'));
    expect(after.totalTenants).toBe(before.totalTenants + 1);
    expect(after.activeTenants).toBe(before.activeTenants + 1);
    expect(after.totalStores).toBe(before.totalStores + 1);
    expect(after.totalRevenue - before.totalRevenue).toBe(4500);
    expect(after.monthlyRevenue - before.monthlyRevenue).toBe(2500);
    const monthSum = await n(
      `select coalesce(sum(amount_cents),0)::int n from payments where status in ('paid','refunded') and created_at >= '${utcMonthStart(now).toISOString()}'`,
    );
    const lastSum = await n(
      `select coalesce(sum(amount_cents),0)::int n from payments where status in ('paid','refunded') and created_at >= '${utcMonthStart(now, -1).toISOString()}' and created_at < '${utcMonthStart(now).toISOString()}'`,
    );
    expect(after.monthlyRevenue).toBe(monthSum);
    expect(after.trends.monthlyRevenue).toBe(trend(monthSum, lastSum));
    expect(after.trends.monthlyRevenue).not.toBeNull();
  });

  it('computes trends as one-decimal percentages, null without a previous figure', () => {
    expect(trend(3, 2)).toBe(50);
    expect(trend(1, 3)).toBe(-66.7);
    expect(trend(5, 0)).toBeNull();
  });
});

describe('GET /api/platform/activity', () => {
  it('lists real entries newest first: tenants created, subscription events, payments and the operator’s actions', async () => {
    const created = json(await op('POST', 'tenants', { name: 'Activity Shop', slug: 'activity-shop', ownerEmail: 'act@shop.test', ownerPassword: 'secret12' }));
    await new Promise((r) => setTimeout(r, 5));
    await op('PUT', `tenants/${created.id}`, { name: 'Activity Shop Ltd', subscriptionStatus: 'ACTIVE' });
    await new Promise((r) => setTimeout(r, 5));
    await op('POST', 'plans', { ...PLAN, name: 'Activity Plan' });
    await new Promise((r) => setTimeout(r, 5));
    await ctx.db.insert(payments).values({ tenantId: created.id, tenantName: 'Activity Shop', amountCents: 1999, status: 'paid' });

    const res = await op('GET', 'activity?limit=5');
    expect(res.statusCode).toBe(200);
    const items = json(res).activity;
    expect(items).toHaveLength(5);
    // The update's audit row and its subscription event share one transaction's time: either order.
    const kinds = items.map((i: { kind: string }) => i.kind);
    expect([kinds[0], kinds[1], [kinds[2], kinds[3]].sort(), kinds[4]]).toEqual([
      'payment',
      'plan_changed',
      ['subscription', 'tenant_updated'],
      'tenant_created',
    ]);
    expect(items[0]).toMatchObject({ title: 'Payment received', detail: '$19.99 · Subscription', tenantName: 'Activity Shop', tenantSlug: 'activity-shop' });
    expect(items[1]).toMatchObject({ title: 'Plan created', detail: 'Activity Plan' });
    const byKind = (k: string) => items.find((i: { kind: string }) => i.kind === k);
    expect(byKind('tenant_updated')).toMatchObject({ title: 'Tenant renamed', detail: 'Activity Shop → Activity Shop Ltd', tenantSlug: 'activity-shop' });
    expect(byKind('subscription')).toMatchObject({ title: 'Status changed', detail: 'TRIALING → ACTIVE by the operator', tenantSlug: 'activity-shop' });
    expect(items[4]).toMatchObject({ title: 'New tenant', detail: 'Activity Shop Ltd joined the platform', tenantName: 'Activity Shop Ltd' });
    const times = items.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    expect(json(await op('GET', 'activity')).activity.length).toBeLessThanOrEqual(10);
    expect((await op('GET', 'activity?limit=0')).statusCode).toBe(400);
    expect((await op('GET', 'activity?limit=51')).statusCode).toBe(400);
  });
});

describe('plans', () => {
  it('lists every plan incl. inactive in display order with tenantsCount', async () => {
    const [hidden] = await ctx.db
      .insert(plans)
      .values({ name: 'Legacy', priceMonthlyCents: 999, limits: { stores: 1, staff: 1, cards: 10, transactions: -1 }, isActive: false, sortOrder: 0 })
      .returning();
    const body = json(await op('GET', 'plans'));
    const names = body.plans.map((p: { name: string }) => p.name);
    expect(names.indexOf('Legacy')).toBeLessThan(names.indexOf('Starter'));
    expect(names.indexOf('Starter')).toBeLessThan(names.indexOf('Professional'));
    expect(body.plans.find((p: { id: string }) => p.id === hidden.id)).toMatchObject({ isActive: false, tenantsCount: 0, priceMonthly: 999 });
    const starter = body.plans.find((p: { name: string }) => p.name === 'Starter');
    expect(starter.tenantsCount).toBe(await n(`select count(*)::int n from tenants where plan_id = '${starter.id}'`));
    await ctx.db.delete(plans).where(eq(plans.id, hidden.id));
  });

  it('creates, updates and deletes a plan with audit rows; empty features dropped; 400 with nothing written', async () => {
    const count = await n('select count(*)::int n from plans');
    for (const bad of [
      { ...PLAN, name: '' },
      { ...PLAN, priceMonthly: -1 },
      { ...PLAN, priceMonthly: 19.99 },
      { ...PLAN, limits: { ...PLAN.limits, cards: 0 } },
      { ...PLAN, billingPeriod: 'weekly' },
    ]) {
      expect((await op('POST', 'plans', bad)).statusCode).toBe(400);
    }
    expect(await n('select count(*)::int n from plans')).toBe(count);

    const res = await op('POST', 'plans', PLAN);
    expect(res.statusCode, res.body).toBe(201);
    const plan = json(res);
    expect(plan).toMatchObject({
      name: 'Growth',
      priceMonthly: 2999,
      stripePriceId: null,
      features: ['Up to 2 stores', 'Email support'],
      isActive: true,
      tenantsCount: 0,
    });
    expect(plan.sortOrder).toBe((await n('select max(sort_order)::int n from plans where id <> ' + `'${plan.id}'`)) + 1);

    const upd = await op('PUT', `plans/${plan.id}`, { ...PLAN, name: 'Growth+', priceMonthly: 3999, isActive: false });
    expect(upd.statusCode).toBe(200);
    expect(json(upd)).toMatchObject({ id: plan.id, name: 'Growth+', priceMonthly: 3999, isActive: false, sortOrder: plan.sortOrder });
    expect((await op('PUT', `plans/${plan.id}`, { ...PLAN, name: '' })).statusCode).toBe(400);
    expect((await ctx.db.select().from(plans).where(eq(plans.id, plan.id)))[0].name).toBe('Growth+');
    expect((await op('PUT', 'plans/00000000-0000-4000-8000-000000000000', PLAN)).statusCode).toBe(404);
    expect(json(await op('PUT', 'plans/nope', PLAN)).error).toBe('Plan not found');

    expect((await op('DELETE', `plans/${plan.id}`)).statusCode).toBe(204);
    expect(await ctx.db.select().from(plans).where(eq(plans.id, plan.id))).toHaveLength(0);
    expect((await op('DELETE', `plans/${plan.id}`)).statusCode).toBe(404);
    const audits = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, plan.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['platform.plan.create', 'platform.plan.delete', 'platform.plan.update']);
  });

  it('refuses to delete a plan tenants use (409 with the count); payments naming a deleted plan stay', async () => {
    const plan = json(await op('POST', 'plans', { ...PLAN, name: 'In Use' }));
    const [a, b] = await ctx.db.select({ id: tenants.id }).from(tenants).limit(2);
    await ctx.db
      .update(tenants)
      .set({ planId: plan.id })
      .where(sql`${tenants.id} in (${a.id}, ${b.id})`);
    const res = await op('DELETE', `plans/${plan.id}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('This plan is used by 2 tenant(s) and cannot be deleted');
    expect(json(await op('GET', 'plans')).plans.find((p: { id: string }) => p.id === plan.id).tenantsCount).toBe(2);

    const free = json(await op('POST', 'plans', { ...PLAN, name: 'Paid Once' }));
    const [pay] = await ctx.db.insert(payments).values({ tenantName: 'Someone', planId: free.id, amountCents: 2999, status: 'paid' }).returning();
    expect((await op('DELETE', `plans/${free.id}`)).statusCode).toBe(204);
    const [kept] = await ctx.db.select().from(payments).where(eq(payments.id, pay.id));
    expect(kept).toMatchObject({ planId: null, amountCents: 2999 });
  });
});

describe('settings', () => {
  const SETTINGS = {
    smtp: { host: 'smtp.example.com', port: 2525, username: 'mailer', password: 's3cret', fromEmail: 'no-reply@example.com' },
    security: { sessionTimeout: 2, passwordMinLength: 10, requireTwoFactor: false },
    platform: { defaultPlan: 'pro', trialDays: 3, allowSignups: true },
  };

  it('GET shows the defaults without the SMTP password; PUT saves, hides the password and keeps it on an empty one; 400 writes nothing', async () => {
    const first = json(await op('GET', 'settings'));
    expect(first).toEqual({
      smtp: { host: '', port: 587, username: '', password: '', passwordSet: false, fromEmail: '' },
      security: { sessionTimeout: 24, passwordMinLength: 8, requireTwoFactor: false, maxLoginAttempts: 10 },
      platform: { defaultPlan: 'starter', trialDays: 14, allowSignups: true },
    });
    const saved = await op('PUT', 'settings', SETTINGS);
    expect(saved.statusCode, saved.body).toBe(200);
    // maxLoginAttempts left out (an older client) takes its default.
    expect(json(saved)).toEqual({
      ...SETTINGS,
      smtp: { ...SETTINGS.smtp, password: '', passwordSet: true },
      security: { ...SETTINGS.security, maxLoginAttempts: 10 },
    });
    expect(json(await op('GET', 'settings'))).toEqual(json(saved));
    const stored = async () => (await ctx.db.select().from(platformSettings).where(eq(platformSettings.id, 1)))[0].value;
    expect((await stored()).smtp.password).toBe('s3cret');
    await op('PUT', 'settings', { ...SETTINGS, smtp: { ...SETTINGS.smtp, password: '', host: 'smtp2.example.com' } });
    expect((await stored()).smtp).toMatchObject({ password: 's3cret', host: 'smtp2.example.com' });

    const snapshot = await stored();
    for (const bad of [
      { ...SETTINGS, smtp: { ...SETTINGS.smtp, port: 0 } },
      { ...SETTINGS, security: { ...SETTINGS.security, sessionTimeout: 0 } },
      { ...SETTINGS, security: { ...SETTINGS.security, maxLoginAttempts: 2 } },
      { ...SETTINGS, platform: { ...SETTINGS.platform, trialDays: 400 } },
      { ...SETTINGS, platform: { ...SETTINGS.platform, defaultPlan: 'gold' } },
      { ...SETTINGS, smtp: { ...SETTINGS.smtp, fromEmail: 'not-an-email' } },
    ]) {
      expect((await op('PUT', 'settings', bad)).statusCode).toBe(400);
    }
    expect(await stored()).toEqual(snapshot);
  });

  it('takes effect: trialDays and defaultPlan for signup and operator-created tenants, sessionTimeout for new sessions, allowSignups for signup', async () => {
    await op('PUT', 'settings', SETTINGS);
    const [pro] = await ctx.db.select().from(plans).where(eq(plans.name, 'Professional'));
    const [enterprise] = await ctx.db.select().from(plans).where(eq(plans.name, 'Enterprise'));

    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Sam', lastName: 'Signup', email: 'sam@signup.test', password: 'secret1234' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const [signed] = await ctx.db
      .select()
      .from(tenants)
      .where(eq(tenants.id, json(signup).tenant.id));
    expect(signed.planId).toBe(pro.id);
    const signupDays = (signed.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
    expect(signupDays).toBeGreaterThan(2.9);
    expect(signupDays).toBeLessThanOrEqual(3);
    // sessionTimeout 2 hours: the signup's session and a new login last 7200 s.
    const sid = signup.cookies.find((c) => c.name === 'sid')!;
    expect(sid.maxAge).toBe(7200);
    await loginAs(ctx.app, 'sam@signup.test', 'secret1234');
    const [sam] = await ctx.db.select().from(users).where(eq(users.email, 'sam@signup.test'));
    const ttl = await ctx.db.select({ ttl: sessions.ttlSeconds }).from(sessions).where(eq(sessions.userId, sam.id));
    expect(ttl.map((r) => r.ttl)).toEqual([7200, 7200]);

    await op('PUT', 'settings', { ...SETTINGS, platform: { ...SETTINGS.platform, defaultPlan: 'enterprise', trialDays: 30 } });
    const created = json(
      await op('POST', 'tenants', { name: 'Effect Shop', slug: 'effect-shop', ownerEmail: 'effect@shop.test', ownerPassword: 'secret1234' }),
    );
    expect(created.planId).toBe(enterprise.id);
    const createdDays = (Date.parse(created.trialEndsAt) - Date.now()) / 86_400_000;
    expect(createdDays).toBeGreaterThan(29.9);
    expect(createdDays).toBeLessThanOrEqual(30);

    await op('PUT', 'settings', { ...SETTINGS, platform: { ...SETTINGS.platform, allowSignups: false } });
    const tenantsBefore = await n('select count(*)::int n from tenants');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'No', lastName: 'Way', email: 'no@signup.test', password: 'secret1234' },
    });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error).toBe('Signups are currently disabled');
    expect(await n('select count(*)::int n from tenants')).toBe(tenantsBefore);
    // The operator can still create tenants.
    expect((await op('POST', 'tenants', { name: 'Still', slug: 'still-shop', ownerEmail: 'still@shop.test', ownerPassword: 'secret1234' })).statusCode).toBe(
      201,
    );

    await op('PUT', 'settings', { ...SETTINGS, platform: { ...SETTINGS.platform, allowSignups: true } });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { firstName: 'Yes', lastName: 'Now', email: 'yes@signup.test', password: 'secret1234' },
        })
      ).statusCode,
    ).toBe(201);
  });
});
