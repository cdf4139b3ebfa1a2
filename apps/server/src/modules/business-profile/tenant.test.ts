import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { startFakeStripe, stripeEnv } from '../../../test/fake-stripe.ts';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const get = (cookie: string | undefined, slug = 'demo') => ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/tenant`, headers: cookie ? { cookie } : {} });

describe('GET /api/t/{slug}/tenant', () => {
  it('returns the tenant with counts and subscriptionInfo to each member role', async () => {
    for (const cookie of [s.admin, s.cashier, s.customer, s.platform]) {
      const res = await get(cookie);
      expect(res.statusCode).toBe(200);
      const body = json(res);
      expect(body).toMatchObject({
        slug: 'demo',
        name: 'Demo Retail Store',
        subscriptionStatus: 'TRIALING',
        freeTrialLimit: 40,
        canTransact: true,
        subscriptionRequired: false,
      });
      expect(body._count).toEqual({ cards: 14, users: 2, stores: 2 });
      expect(body.subscriptionInfo).toEqual({ isActive: false, planId: null, planName: null, cardLimit: 40, cardsUsed: 14, cardsRemaining: 26 });
    }
  });

  it('reports the Demo payment provider to every member role when no Stripe key is set', async () => {
    for (const cookie of [s.admin, s.cashier, s.customer, s.platform]) {
      expect(json(await get(cookie)).paymentProvider).toBe('demo');
    }
  });

  it('reports the Stripe payment provider when the app runs Stripe', async () => {
    const fake = await startFakeStripe();
    const stripe = await createTestContext(stripeEnv(fake));
    try {
      const cookie = await loginAs(stripe.app, 'admin@demo.com', 'DemoAdmin123!');
      const res = await stripe.app.inject({ method: 'GET', url: '/api/t/demo/tenant', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ slug: 'demo', paymentProvider: 'stripe' });
    } finally {
      await stripe.close();
      await fake.close();
    }
  });

  it('answers 401 when signed out', async () => {
    const res = await get(undefined);
    expect(res.statusCode).toBe(401);
  });

  it("answers 404 for another tenant's slug and for an unknown slug", async () => {
    const other = await createOtherTenant(ctx.db);
    const res = await get(s.admin, other.tenant.slug);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Tenant not found', code: 'NOT_FOUND' });
    expect((await get(s.admin, 'no-such-shop')).statusCode).toBe(404);
  });

  it('reports canTransact false when CANCELED, true when PAST_DUE within grace, false after grace', async () => {
    const set = (values: Partial<typeof tenants.$inferInsert>) => ctx.db.update(tenants).set(values).where(eq(tenants.slug, 'demo'));
    try {
      await set({ subscriptionStatus: 'CANCELED' });
      expect(json(await get(s.admin)).canTransact).toBe(false);
      await set({ subscriptionStatus: 'PAST_DUE', graceEndsAt: new Date(Date.now() + 86_400_000) });
      expect(json(await get(s.admin)).canTransact).toBe(true);
      await set({ graceEndsAt: new Date(Date.now() - 1000) });
      expect(json(await get(s.admin)).canTransact).toBe(false);
      await set({ subscriptionStatus: 'TRIALING', trialEndsAt: new Date(Date.now() - 1000), graceEndsAt: null });
      expect(json(await get(s.admin)).subscriptionRequired).toBe(true);
    } finally {
      await set({ subscriptionStatus: 'TRIALING', graceEndsAt: null, trialEndsAt: new Date(Date.now() + 14 * 86_400_000) });
    }
  });
});

describe('GET /api/t/{slug}/trial/status', () => {
  const trial = (cookie: string | undefined, slug = 'demo') =>
    ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/trial/status`, headers: cookie ? { cookie } : {} });
  const set = (values: Partial<typeof tenants.$inferInsert>) => ctx.db.update(tenants).set(values).where(eq(tenants.slug, 'demo'));

  it('reports activations used (cards with an activation date), the limit, the remainder and the gate to staff', async () => {
    for (const cookie of [s.admin, s.cashier, s.platform]) {
      const res = await trial(cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toEqual({ activationsUsed: 6, trialLimit: 40, activationsRemaining: 34, subscriptionRequired: false });
    }
  });

  it('never reports a negative remainder; subscriptionRequired follows the trial limit, expiry and ACTIVE', async () => {
    try {
      await set({ freeTrialLimit: 4 });
      expect(json(await trial(s.admin))).toEqual({ activationsUsed: 6, trialLimit: 4, activationsRemaining: 0, subscriptionRequired: true });
      await set({ freeTrialLimit: 7 });
      expect(json(await trial(s.admin))).toMatchObject({ activationsRemaining: 1, subscriptionRequired: false });
      await set({ trialEndsAt: new Date(Date.now() - 1000) });
      expect(json(await trial(s.admin)).subscriptionRequired).toBe(true);
      expect(json(await get(s.admin)).subscriptionRequired).toBe(true);
      await set({ subscriptionStatus: 'ACTIVE' });
      expect(json(await trial(s.admin)).subscriptionRequired).toBe(false);
    } finally {
      await set({ subscriptionStatus: 'TRIALING', freeTrialLimit: 40, trialEndsAt: new Date(Date.now() + 14 * 86_400_000) });
    }
  });

  it('ignores unknown query parameters (the route takes no input)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/t/demo/trial/status?x=1', headers: { cookie: s.admin } })).statusCode).toBe(200);
  });

  it('answers 403 to a customer, 401 signed out, 404 across tenants', async () => {
    const other = await createOtherTenant(ctx.db);
    expect((await trial(s.customer)).statusCode).toBe(403);
    expect((await trial(undefined)).statusCode).toBe(401);
    expect((await trial(s.admin, other.tenant.slug)).statusCode).toBe(404);
    const otherCookie = await loginAs(ctx.app, other.email, other.password);
    expect((await trial(otherCookie)).statusCode).toBe(404);
    expect(json(await trial(otherCookie, other.tenant.slug))).toEqual({
      activationsUsed: 1,
      trialLimit: 40,
      activationsRemaining: 39,
      subscriptionRequired: false,
    });
  });
});
