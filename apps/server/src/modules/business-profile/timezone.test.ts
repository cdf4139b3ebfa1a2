import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { auditLog, tenants } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';

/**
 * The tenant's time zone: GET /api/t/{slug}/tenant shows `timezone` (default UTC);
 * PUT /api/t/{slug}/tenant/timezone stores it (tenant_admin, audited), 400 'Unknown time zone'
 * with nothing written, 403 cashier and customer, 401 signed out, 404 another tenant.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const put = (cookie: string, payload: object, slug = 'demo') =>
  ctx.app.inject({ method: 'PUT', url: `/api/t/${slug}/tenant/timezone`, headers: cookie ? { cookie } : {}, payload });

/** Every tenant's zone and the audit row count, for "nothing written" checks. */
async function snapshot() {
  const [zones, [audit]] = await Promise.all([
    ctx.db.select({ id: tenants.id, timezone: tenants.timezone }).from(tenants).orderBy(tenants.id),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  return { zones, audit: Number(audit.n) };
}

describe('PUT /tenant/timezone', () => {
  let t: FreshTenant;
  beforeAll(async () => {
    t = await freshTenant(ctx);
  });

  it("shows 'UTC' in the tenant view of a new tenant, to every member role of the demo tenant too", async () => {
    expect(json(await t.req('GET', 'tenant')).timezone).toBe('UTC');
    for (const cookie of [s.admin, s.cashier, s.customer]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/t/demo/tenant', headers: { cookie } });
      expect(json(res).timezone).toBe('UTC');
    }
  });

  it('stores the zone, answers the tenant view with it and writes an audit row', async () => {
    const res = await t.req('PUT', 'tenant/timezone', { timezone: 'Europe/Berlin' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ slug: t.slug, timezone: 'Europe/Berlin', paymentProvider: 'demo' });
    expect((await t.row()).timezone).toBe('Europe/Berlin');
    expect(json(await t.req('GET', 'tenant')).timezone).toBe('Europe/Berlin');
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.tenantId, t.tenant.id)).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({
      action: 'tenant.timezone.update',
      entity: 'tenant',
      entityId: t.tenant.id,
      userId: t.adminId,
      before: { timezone: 'UTC' },
      after: { timezone: 'Europe/Berlin' },
    });
    expect(json(await t.req('PUT', 'tenant/timezone', { timezone: 'UTC' })).timezone).toBe('UTC');
  });

  it.each([['Mars/Olympus_Mons'], [''], ['europe/berlin'], ['+02:00'], [42]])("answers 400 'Unknown time zone' for %j, nothing written", async (timezone) => {
    const before = await snapshot();
    const res = await t.req('PUT', 'tenant/timezone', { timezone });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
    expect(json(res).details).toEqual(expect.arrayContaining([expect.objectContaining({ message: 'Unknown time zone' })]));
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 to the cashier and the customer, 401 signed out, 404 for another tenant; nothing written', async () => {
    const other = await freshTenant(ctx);
    const payload = { timezone: 'America/New_York' };
    const before = await snapshot();
    expect((await put(s.cashier, payload)).statusCode).toBe(403);
    expect((await put(s.customer, payload)).statusCode).toBe(403);
    expect((await put('', payload)).statusCode).toBe(401);
    expect((await put(s.admin, payload, other.slug)).statusCode).toBe(404);
    expect((await put(other.cookie, payload)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
