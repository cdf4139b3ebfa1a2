import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherTenant, createTestContext, demoSessions, loginAs, type TestContext } from '../../test/helpers.ts';

/**
 * Every tenant route × every role × own/other tenant (DESIGN.md 'Roles', spec §6). Bodies
 * are valid, so the status shows the guard alone: 401 signed out, 404 another tenant,
 * 403 a role the route does not allow.
 */
let ctx: TestContext;
let cookies: Record<'platform' | 'admin' | 'cashier' | 'customer' | 'otherAdmin' | 'none', string | undefined>;
let otherSlug: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const s = await demoSessions(ctx.app);
  const other = await createOtherTenant(ctx.db);
  otherSlug = other.tenant.slug;
  cookies = { ...s, otherAdmin: await loginAs(ctx.app, other.email, other.password), none: undefined };
});
afterAll(() => ctx.close());

const routes = [
  { method: 'GET', path: 'tenant', allowed: ['platform', 'admin', 'cashier', 'customer'] },
  { method: 'GET', path: 'cards/DEM0CARD0001', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'GET', path: 'transactions', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'POST', path: 'transactions/earn', body: { cardUid: 'DEM0CARD0002', amountCents: 100 }, allowed: ['platform', 'admin', 'cashier'] },
  { method: 'POST', path: 'transactions/redeem', body: { cardUid: 'DEM0CARD0002', amountCents: 1 }, allowed: ['platform', 'admin', 'cashier'] },
] as const;

describe.each(routes)('$method /api/t/demo/$path', (route) => {
  it.each(['platform', 'admin', 'cashier', 'customer', 'otherAdmin', 'none'] as const)('as %s', async (who) => {
    const cookie = cookies[who];
    const res = await ctx.app.inject({
      method: route.method,
      url: `/api/t/demo/${route.path}`,
      headers: cookie ? { cookie } : {},
      ...('body' in route ? { payload: route.body } : {}),
    });
    const expected = who === 'none' ? 401 : who === 'otherAdmin' ? 404 : (route.allowed as readonly string[]).includes(who) ? 200 : 403;
    expect(res.statusCode, res.body).toBe(expected);
  });

  it("is 404 for the demo admin on the other tenant's slug", async () => {
    const res = await ctx.app.inject({
      method: route.method,
      url: `/api/t/${otherSlug}/${route.path}`,
      headers: { cookie: cookies.admin! },
      ...('body' in route ? { payload: route.body } : {}),
    });
    expect(res.statusCode).toBe(404);
  });
});
