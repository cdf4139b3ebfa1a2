import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, customers } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, freshTenant, json, type TestContext } from '../../../test/helpers.ts';

/**
 * Birthdays and referral codes on customers (docs/product.md 'Rewards'): staff set a birthday on
 * create and edit, the customer on their own page (PUT /me/birthday), an integrator through
 * POST /api/v1/customers with a referrer's code; the 30-day clock (`birthday_set_at`) restarts
 * only on a change; impossible dates are 400 with nothing written; the routes' guards.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

async function stored(id: string) {
  const [c] = await ctx.db.select().from(customers).where(eq(customers.id, id));
  return c;
}

describe('a birthday set by staff', () => {
  it('is stored on create and answered; saving the form again keeps its 30-day clock, a change restarts it, null removes it', async () => {
    const t = await freshTenant(ctx);
    const made = await t.req('POST', 'customers', { firstName: 'Bea', lastName: 'Birthday', birthday: { month: 2, day: 29 } });
    expect(made.statusCode, made.body).toBe(201);
    expect(json(made)).toMatchObject({ birthday: { month: 2, day: 29, year: null }, referralCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/) });
    const id = json(made).id;
    const setAt = (await stored(id)).birthdaySetAt;
    expect(setAt).not.toBeNull();
    const again = await t.req('PUT', `customers/${id}`, { firstName: 'Bea', lastName: 'Birthday', birthday: { month: 2, day: 29, year: null } });
    expect(again.statusCode, again.body).toBe(200);
    expect((await stored(id)).birthdaySetAt).toEqual(setAt);
    // An edit that leaves the birthday out keeps it.
    await t.req('PUT', `customers/${id}`, { firstName: 'Beatrice', lastName: 'Birthday' });
    expect(json(await t.req('GET', `customers/${id}`)).birthday).toEqual({ month: 2, day: 29, year: null });
    await ctx.db
      .update(customers)
      .set({ birthdaySetAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(customers.id, id));
    await t.req('PUT', `customers/${id}`, { firstName: 'Beatrice', lastName: 'Birthday', birthday: { month: 3, day: 1, year: 1990 } });
    const changed = await stored(id);
    expect([changed.birthdayMonth, changed.birthdayDay, changed.birthYear]).toEqual([3, 1, 1990]);
    expect(changed.birthdaySetAt!.getTime()).toBeGreaterThan(new Date('2020-01-01T00:00:00Z').getTime());
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'customer.update')))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(audit.after).toMatchObject({ birthday: { month: 3, day: 1, year: 1990 } });
    await t.req('PUT', `customers/${id}`, { firstName: 'Beatrice', lastName: 'Birthday', birthday: null });
    expect(json(await t.req('GET', `customers/${id}`)).birthday).toBeNull();
  });

  it.each([
    ['30 February', { month: 2, day: 30 }],
    ['29 February of a year that had none', { month: 2, day: 29, year: 1999 }],
    ['month 13', { month: 13, day: 1 }],
    ['day 0', { month: 1, day: 0 }],
  ])('answers 400 for %s, nothing written', async (_, birthday) => {
    const t = await freshTenant(ctx);
    const before = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.tenantId, t.tenant.id));
    expect((await t.req('POST', 'customers', { firstName: 'Bad', lastName: 'Date', birthday })).statusCode).toBe(400);
    expect(
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customers)
        .where(eq(customers.tenantId, t.tenant.id)),
    ).toEqual(before);
  });
});

describe('PUT /me/birthday', () => {
  const put = (cookie: string, payload: object, slug = 'demo') =>
    ctx.app.inject({ method: 'PUT', url: `/api/t/${slug}/me/birthday`, headers: cookie ? { cookie } : {}, payload });

  it("sets and removes the signed-in customer's own birthday, audited", async () => {
    const res = await put(s.customer, { birthday: { month: 12, day: 24, year: 1988 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ birthday: { month: 12, day: 24, year: 1988 } });
    const me = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/me', headers: { cookie: s.customer } }));
    expect(me.customer.birthday).toEqual({ month: 12, day: 24, year: 1988 });
    expect(me.referralLink).toBeNull();
    expect(json(await put(s.customer, { birthday: null }))).toEqual({ birthday: null });
  });

  it('answers 400 for an impossible date, 403 to staff, 401 signed out, 404 on another business; nothing written', async () => {
    const t = await freshTenant(ctx);
    const audits = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;
    const before = await audits();
    expect((await put(s.customer, { birthday: { month: 4, day: 31 } })).statusCode).toBe(400);
    expect((await put(s.customer, {})).statusCode).toBe(400);
    expect((await put(s.admin, { birthday: { month: 4, day: 1 } })).statusCode).toBe(403);
    expect((await put(s.cashier, { birthday: { month: 4, day: 1 } })).statusCode).toBe(403);
    expect((await put('', { birthday: { month: 4, day: 1 } })).statusCode).toBe(401);
    expect((await put(s.customer, { birthday: { month: 4, day: 1 } }, t.slug)).statusCode).toBe(404);
    expect(await audits()).toBe(before);
  });
});

describe('POST /api/v1/customers with rewards fields', () => {
  it("accepts a birthday and a referrer's code, and refuses an unknown code with 422, nothing written", async () => {
    const t = await freshTenant(ctx);
    const key = json(await t.req('POST', 'api-keys', { name: 'CRM', scopes: ['customers:write', 'read'] })).key;
    const [oscar] = await ctx.db.select().from(customers).where(eq(customers.id, t.customer.id));
    const v1 = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/customers',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': crypto.randomUUID() },
        payload,
      });
    const made = await v1({ firstName: 'Via', lastName: 'Api', birthday: { month: 6, day: 1 }, referralCode: oscar.referralCode });
    expect(made.statusCode, made.body).toBe(201);
    expect(json(made)).toMatchObject({ birthday: { month: 6, day: 1, year: null }, referralCode: expect.any(String) });
    expect((await stored(json(made).id)).referredByCustomerId).toBe(oscar.id);
    const before = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.tenantId, t.tenant.id));
    const unknown = await v1({ firstName: 'No', lastName: 'Code', referralCode: 'ZZZZZZZZ' });
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown).error).toBe('This referral code is not valid');
    expect(
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customers)
        .where(eq(customers.tenantId, t.tenant.id)),
    ).toEqual(before);
    const listed = json(await ctx.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { authorization: `Bearer ${key}` } }));
    expect(listed.customers[0]).toMatchObject({ referralCode: expect.any(String), birthday: { month: 6, day: 1, year: null } });
  });
});
