import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, json, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const get = (cookie: string | undefined, slug = 'demo') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/tenant`, headers: cookie ? { cookie } : {} });

describe('GET /api/t/{slug}/tenant', () => {
  it('returns the tenant with counts and subscriptionInfo to each member role', async () => {
    for (const cookie of [s.admin, s.cashier, s.customer, s.platform]) {
      const res = await get(cookie);
      expect(res.statusCode).toBe(200);
      const body = json(res);
      expect(body).toMatchObject({ slug: 'demo', name: 'Demo Retail Store', subscriptionStatus: 'TRIALING', freeTrialLimit: 40, canTransact: true, subscriptionRequired: false });
      expect(body._count).toEqual({ cards: 14, users: 2, stores: 2 });
      expect(body.subscriptionInfo).toEqual({ isActive: false, planId: null, planName: null, cardLimit: 40, cardsUsed: 14, cardsRemaining: 26 });
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
