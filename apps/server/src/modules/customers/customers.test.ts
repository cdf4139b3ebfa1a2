import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CUSTOMER_CARDS_MAX } from '@loyalty/contract';
import { cards, customers, stores } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, json, loginAs, type TestContext } from '../../../test/helpers.ts';

/**
 * GET /api/t/{slug}/customers/available (docs/product.md 'Cards': only customers
 * with no cards are offered). The demo customers all hold a card, so the tests add some.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherCookie: string;
let demoId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherCookie = await loginAs(ctx.app, other.email, other.password);
  demoId = await demoTenantId(ctx.db);
  await ctx.db.insert(customers).values([
    { tenantId: demoId, firstName: 'Zed', lastName: 'Adams', email: 'zed@example.com', phone: '+1 555 0199' },
    { tenantId: demoId, firstName: 'Carl', lastName: 'Young', email: null, phone: null },
    { tenantId: demoId, firstName: 'Amy', lastName: 'Baker', email: 'amy.baker@example.com', phone: null },
  ]);
  await ctx.db.insert(customers).values({ tenantId: other.tenant.id, firstName: 'Otto', lastName: 'Cardless', email: 'otto@example.com' });
});
afterAll(() => ctx.close());

const get = (cookie: string | undefined, query = '', slug = 'demo') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/customers/available${query}`, headers: cookie ? { cookie } : {} });
const names = async (query: string) =>
  json(await get(s.admin, query)).customers.map((c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`);

describe('GET /api/t/{slug}/customers/available', () => {
  it('lists only this tenant’s customers without cards, sorted by last name', async () => {
    const res = await get(s.admin);
    expect(res.statusCode, res.body).toBe(200);
    const list = json(res).customers;
    expect(list.map((c: { lastName: string }) => c.lastName)).toEqual(['Adams', 'Baker', 'Young']);
    expect(list[0]).toEqual({ id: expect.any(String), firstName: 'Zed', lastName: 'Adams', email: 'zed@example.com', phone: '+1 555 0199' });
  });

  it('searches first, last and full name, e-mail and phone, case-insensitively; wildcards are literal', async () => {
    expect(await names('?search=ADA')).toEqual(['Zed Adams']);
    expect(await names('?search=amy%20bak')).toEqual(['Amy Baker']);
    expect(await names('?search=amy.baker%40')).toEqual(['Amy Baker']);
    expect(await names('?search=0199')).toEqual(['Zed Adams']);
    expect(await names('?search=carl')).toEqual(['Carl Young']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=jane')).toEqual([]);
    expect(await names('?search=otto')).toEqual([]);
    expect(await names('?search=%20%20')).toEqual(['Zed Adams', 'Amy Baker', 'Carl Young']);
  });

  it('drops a customer once a card is activated for them', async () => {
    const [amy] = await ctx.db.select().from(customers).where(eq(customers.email, 'amy.baker@example.com'));
    const [store] = await ctx.db.select().from(stores).where(eq(stores.tenantId, demoId)).limit(1);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/cards/activate',
      headers: { cookie: s.admin },
      payload: { cardUid: 'DEM0CARD0015', storeId: store.id, customerId: amy.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await names('')).toEqual(['Zed Adams', 'Carl Young']);
  });

  it('returns at most 50', async () => {
    await ctx.db
      .insert(customers)
      .values(Array.from({ length: 60 }, (_, i) => ({ tenantId: demoId, firstName: 'Bulk', lastName: `Zz${String(i).padStart(2, '0')}` })));
    const list = json(await get(s.admin)).customers;
    expect(list).toHaveLength(50);
    expect(list[0].lastName).toBe('Adams');
  });

  it('answers 400 with details for an over-long search', async () => {
    const res = await get(s.admin, `?search=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'querystring.search' }] });
  });

  it('answers 403 to cashier and customer, 401 signed out, 404 across tenants', async () => {
    expect((await get(s.cashier)).statusCode).toBe(403);
    expect((await get(s.customer)).statusCode).toBe(403);
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(otherCookie)).statusCode).toBe(404);
    expect((await get(s.admin, '', other.tenant.slug)).statusCode).toBe(404);
    expect((await get(s.platform)).statusCode).toBe(200);
    expect(json(await get(otherCookie, '', other.tenant.slug)).customers.map((c: { firstName: string }) => c.firstName)).toEqual(['Otto']);
  });
});

describe('GET /api/t/{slug}/customers/{id} with many cards (ADR 0045)', () => {
  it('lists the first 100 cards, oldest activation first, and counts every active one', async () => {
    const [many] = await ctx.db.insert(customers).values({ tenantId: demoId, firstName: 'Many', lastName: 'Cards' }).returning();
    const start = Date.parse('2026-01-01T00:00:00Z');
    await ctx.db.insert(cards).values(
      Array.from({ length: CUSTOMER_CARDS_MAX + 1 }, (_, i) => ({
        tenantId: demoId,
        cardUid: `MANY${String(i).padStart(8, '0')}`,
        customerId: many.id,
        status: 'ACTIVE' as const,
        activatedAt: new Date(start + i * 60_000),
      })),
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/t/demo/customers/${many.id}`, headers: { cookie: s.admin } });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.cards).toHaveLength(CUSTOMER_CARDS_MAX);
    expect(body.cards[0].cardUid).toBe('MANY00000000');
    expect(body.cards.at(-1).cardUid).toBe(`MANY${String(CUSTOMER_CARDS_MAX - 1).padStart(8, '0')}`);
    expect(body.activeCards).toBe(CUSTOMER_CARDS_MAX + 1);
  });
});
