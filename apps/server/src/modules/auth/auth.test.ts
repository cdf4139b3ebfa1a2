import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cashbackRules, platformSettings, stores, tenants, users } from '../../db/schema/index.ts';
import { DEFAULT_PLATFORM_SETTINGS } from '../settings/index.ts';
import { countRows, createTestContext, json, loginAs, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /api/auth/login', () => {
  it('signs in the demo cashier, sets an HttpOnly session cookie and returns user and tenant', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'Cashier@Demo.com ', password: 'DemoCashier123!' } });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.user).toMatchObject({ email: 'cashier@demo.com', role: 'cashier', storeName: 'Main Store' });
    expect(body.tenant).toMatchObject({ slug: 'demo', subscriptionStatus: 'TRIALING' });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(body.user.passwordHash).toBeUndefined();
  });

  it('records lastLogin', async () => {
    await loginAs(ctx.app, 'admin@demo.com', 'DemoAdmin123!');
    const [u] = await ctx.db.select().from(users).where(eq(users.email, 'admin@demo.com'));
    expect(u.lastLogin).toBeInstanceOf(Date);
    expect(Date.now() - u.lastLogin!.getTime()).toBeLessThan(60_000);
  });

  it('answers 401 with one message for a wrong password and for an unknown e-mail', async () => {
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'cashier@demo.com', password: 'nope' } });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ghost@demo.com', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual({ error: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    expect(json(unknown).error).toBe(json(wrong).error);
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('answers 400 with field details for a malformed body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.email', 'body.password']));
  });

  it('refuses a deactivated user and ends their existing sessions', async () => {
    const cookie = await loginAs(ctx.app, 'cashier@demo.com', 'DemoCashier123!');
    await ctx.db.update(users).set({ active: false }).where(eq(users.email, 'cashier@demo.com'));
    try {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.json()).toEqual({ user: null });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'cashier@demo.com', password: 'DemoCashier123!' } });
      expect(res.statusCode).toBe(401);
    } finally {
      await ctx.db.update(users).set({ active: true }).where(eq(users.email, 'cashier@demo.com'));
    }
  });
});

describe('login flood limit (LOGIN_RATE_LIMIT per client address)', () => {
  it('answers 429 with Retry-After after LOGIN_RATE_LIMIT logins a minute from one address, right password or not; other addresses go on', async () => {
    const limited = await createTestContext({ LOGIN_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '192.0.2.1',
          payload: { email: 'admin@demo.com', password: 'DemoAdmin123!' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200]);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '192.0.2.1',
        payload: { email: 'admin@demo.com', password: 'DemoAdmin123!' },
      });
      expect(res.statusCode).toBe(429);
      expect(json(res).code).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '192.0.2.2',
        payload: { email: 'admin@demo.com', password: 'DemoAdmin123!' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('returns the signed-in user, and signed out ({ user: null }) after logout', async () => {
    const cookie = await loginAs(ctx.app, 'customer@demo.com', 'DemoCustomer123!');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(json(me).user).toMatchObject({ role: 'customer', firstName: 'Jane' });
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(200);
    expect(json(after)).toEqual({ user: null });
  });

  it('answers signed out ({ user: null }) without a cookie or with a forged one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me' })).json()).toEqual({ user: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'sid=forged' } })).json()).toEqual({ user: null });
  });
});

describe('POST /api/auth/signup', () => {
  const payload = { firstName: 'Ann', lastName: 'Baker', email: 'ann@bakery.test', password: 'secret12' };

  it("creates a tenant '{firstName}'s Store' on a 14-day trial with default rules, a store, and signs the owner in", async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.user).toMatchObject({ email: 'ann@bakery.test', role: 'tenant_admin' });
    expect(body.tenant).toMatchObject({ name: "Ann's Store", slug: 'anns-store', subscriptionStatus: 'TRIALING' });
    const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.slug, 'anns-store'));
    expect(tenant.freeTrialLimit).toBe(40);
    const days = (tenant.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const rules = await ctx.db.select().from(cashbackRules).where(eq(cashbackRules.tenantId, tenant.id));
    expect(Object.fromEntries(rules.map((r) => [r.category, r.baseRateBps]))).toEqual({ PURCHASE: 200, REPAIR: 300, OTHER: 100 });
    expect(await ctx.db.select().from(stores).where(eq(stores.tenantId, tenant.id))).toHaveLength(1);
    const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    const t = await ctx.app.inject({ method: 'GET', url: '/api/t/anns-store/tenant', headers: { cookie } });
    expect(t.statusCode).toBe(200);
    expect(json(t).canTransact).toBe(true);
  });

  it('gives a second business with the same first name a unique slug', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...payload, email: 'ann2@bakery.test' } });
    expect(res.statusCode).toBe(201);
    expect(json(res).tenant.slug).toBe('anns-store-2');
  });

  it('answers 409 for an e-mail already registered, writing nothing', async () => {
    const before = await countRows(ctx.db, 'tenants');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...payload, email: 'ADMIN@demo.com' } });
    expect(res.statusCode).toBe(409);
    expect(await countRows(ctx.db, 'tenants')).toBe(before);
  });

  it('two simultaneous signups with one e-mail: one account, the other 409', async () => {
    const before = await countRows(ctx.db, 'tenants');
    const email = 'twins@bakery.test';
    const answers = await Promise.all([0, 1].map(() => ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...payload, email } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error).toBe('An account with this email already exists');
    expect(await countRows(ctx.db, 'tenants')).toBe(before + 1);
  });

  it('three simultaneous signups with one first name get three distinct slugs', async () => {
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((x) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...payload, firstName: 'Zed', email: `zed-${x}@bakery.test` } }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((r) => json(r).tenant.slug).sort()).toEqual(['zeds-store', 'zeds-store-2', 'zeds-store-3']);
  });

  it('answers 400 with the spec message for a short password, writing nothing', async () => {
    const before = [await countRows(ctx.db, 'tenants'), await countRows(ctx.db, 'users')];
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...payload, email: 'x@y.test', password: '12345', firstName: '' } });
    expect(res.statusCode).toBe(400);
    const messages = json(res).details.map((d: { message: string }) => d.message);
    expect(messages).toContain('Password must be at least 6 characters long');
    expect(messages).toContain('First name is required');
    expect([await countRows(ctx.db, 'tenants'), await countRows(ctx.db, 'users')]).toEqual(before);
  });

  it('answers 403 when the platform has switched signups off', async () => {
    await ctx.db
      .update(platformSettings)
      .set({ value: { ...DEFAULT_PLATFORM_SETTINGS, platform: { ...DEFAULT_PLATFORM_SETTINGS.platform, allowSignups: false } } })
      .where(eq(platformSettings.id, 1));
    try {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...payload, email: 'late@bakery.test' } });
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('SIGNUPS_DISABLED');
    } finally {
      await ctx.db.update(platformSettings).set({ value: DEFAULT_PLATFORM_SETTINGS }).where(eq(platformSettings.id, 1));
    }
  });
});

describe('security headers', () => {
  it('sets CSP, nosniff and frame protections', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
