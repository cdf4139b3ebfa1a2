import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { auditLog, expiryRules } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, demoTenantId, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { getExpiryRule } from './expiry.ts';

/**
 * GET/PUT /api/t/{slug}/rules/expiry (docs/product.md 'Expiry'): default NEVER/365, the upsert and
 * its audit row, 400 (nothing written), 403 cashier and customer, 401 signed out, 404 another
 * tenant both ways; `getExpiryRule` for the other modules.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let demoId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  demoId = await demoTenantId(ctx.db);
});
afterAll(() => ctx.close());

const demoCall = (method: 'GET' | 'PUT', cookie: string, payload?: object, slug = 'demo') =>
  ctx.app.inject({ method, url: `/api/t/${slug}/rules/expiry`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** The expiry rows and the audit row count, for "nothing written" checks. */
async function snapshot() {
  const [rows, [audit]] = await Promise.all([
    ctx.db.select().from(expiryRules).orderBy(expiryRules.tenantId),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  return { rows, audit: Number(audit.n) };
}

describe('GET /rules/expiry', () => {
  it('answers NEVER/365 with no updatedAt when the tenant never saved a rule', async () => {
    const t = await freshTenant(ctx);
    const res = await t.req('GET', 'rules/expiry');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ policy: 'NEVER', days: 365, updatedAt: null });
    expect(await getExpiryRule(ctx.db, t.tenant.id)).toEqual({ policy: 'NEVER', days: 365 });
  });
});

describe('PUT /rules/expiry', () => {
  let t: FreshTenant;
  beforeAll(async () => {
    t = await freshTenant(ctx);
  });

  it('stores AFTER_EARN with its days, answers the saved rule and writes an audit row', async () => {
    const res = await t.req('PUT', 'rules/expiry', { policy: 'AFTER_EARN', days: 90 });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ policy: 'AFTER_EARN', days: 90 });
    expect(Number.isNaN(Date.parse(body.updatedAt))).toBe(false);
    expect(json(await t.req('GET', 'rules/expiry'))).toEqual(body);
    expect(await getExpiryRule(ctx.db, t.tenant.id)).toEqual({ policy: 'AFTER_EARN', days: 90 });
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.tenantId, t.tenant.id)).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({
      action: 'rules.expiry.update',
      entity: 'expiry_rules',
      userId: t.adminId,
      before: { policy: 'NEVER', days: 365 },
      after: { policy: 'AFTER_EARN', days: 90 },
    });
  });

  it('keeps the stored days when a NEVER body leaves them out, and stores them when given', async () => {
    await t.req('PUT', 'rules/expiry', { policy: 'AFTER_EARN', days: 120 });
    const never = await t.req('PUT', 'rules/expiry', { policy: 'NEVER' });
    expect(never.statusCode).toBe(200);
    expect(json(never)).toMatchObject({ policy: 'NEVER', days: 120 });
    expect(json(await t.req('PUT', 'rules/expiry', { policy: 'NEVER', days: 1825 }))).toMatchObject({ policy: 'NEVER', days: 1825 });
    const rows = await ctx.db.select().from(expiryRules).where(eq(expiryRules.tenantId, t.tenant.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['days below 30', { policy: 'AFTER_EARN', days: 29 }],
    ['days above 1825', { policy: 'AFTER_EARN', days: 1826 }],
    ['fractional days', { policy: 'AFTER_EARN', days: 90.5 }],
    ['days as text', { policy: 'AFTER_EARN', days: '90' }],
    ['AFTER_EARN without days', { policy: 'AFTER_EARN' }],
    ['NEVER with days out of range', { policy: 'NEVER', days: 10 }],
  ])("answers 400 'Days must be between 30 and 1825' for %s, nothing written", async (_name, payload) => {
    const before = await snapshot();
    const res = await t.req('PUT', 'rules/expiry', payload);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
    expect(json(res).details).toEqual(expect.arrayContaining([expect.objectContaining({ message: 'Days must be between 30 and 1825' })]));
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for an unknown policy or no body, nothing written', async () => {
    const before = await snapshot();
    expect((await t.req('PUT', 'rules/expiry', { policy: 'SOMETIMES', days: 90 })).statusCode).toBe(400);
    expect((await t.req('PUT', 'rules/expiry')).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('guards of /rules/expiry', () => {
  it.each(['GET', 'PUT'] as const)(
    '%s answers 403 to the cashier and the customer, 401 signed out, 404 for another tenant; nothing written',
    async (method) => {
      const t = await freshTenant(ctx);
      const payload = method === 'PUT' ? { policy: 'AFTER_EARN', days: 60 } : undefined;
      const before = await snapshot();
      expect((await demoCall(method, s.cashier, payload)).statusCode).toBe(403);
      expect((await demoCall(method, s.customer, payload)).statusCode).toBe(403);
      expect((await demoCall(method, '', payload)).statusCode).toBe(401);
      expect((await demoCall(method, s.admin, payload, t.slug)).statusCode).toBe(404);
      expect((await demoCall(method, t.cookie, payload)).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
      const demoRows = await ctx.db.select().from(expiryRules).where(eq(expiryRules.tenantId, demoId));
      expect(demoRows).toEqual([]);
    },
  );
});
