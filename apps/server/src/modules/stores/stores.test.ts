import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cards, stores, transactions, users } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, json, loginAs, type TestContext } from '../../../test/helpers.ts';

/**
 * GET /api/t/{slug}/stores: sorted by name, grouped counts of
 * users, cards and transactions per store; readable by tenant_admin and cashier.
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
});
afterAll(() => ctx.close());

const get = (cookie: string | undefined, slug = 'demo', query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/stores${query}`, headers: cookie ? { cookie } : {} });

/** Counts per store straight from the tables, to compare with the answer. */
async function expectedCounts(storeId: string) {
  const one = async (q: Promise<{ n: number }[]>) => Number((await q)[0].n);
  return {
    users: await one(
      ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.storeId, storeId)),
    ),
    cards: await one(
      ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(cards)
        .where(eq(cards.storeId, storeId)),
    ),
    transactions: await one(
      ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(eq(transactions.storeId, storeId)),
    ),
  };
}

describe('GET /api/t/{slug}/stores', () => {
  it('lists the tenant’s stores by name with users, cards and transactions counts', async () => {
    const res = await get(s.admin);
    expect(res.statusCode, res.body).toBe(200);
    const list = json(res).stores;
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Downtown Store', 'Main Store']);
    const [downtown, main] = list;
    expect(main).toMatchObject({ address: '1 Market Square', active: true, selfEnrolment: false, selfEnrolmentDailyCap: 50 });
    expect(downtown).toMatchObject({ address: '42 High Street', active: true, selfEnrolment: false, selfEnrolmentDailyCap: 50 });
    expect(main._count).toEqual({ users: 1, cards: 7, transactions: (await expectedCounts(main.id)).transactions });
    expect(downtown._count).toEqual({ users: 0, cards: 3, transactions: (await expectedCounts(downtown.id)).transactions });
    expect(main._count.transactions).toBeGreaterThan(0);
    expect(Date.parse(main.createdAt)).not.toBeNaN();
    expect(list.some((x: { id: string }) => x.id === other.store.id)).toBe(false);
  });

  it('shows a new, empty store with zero counts, in name order, and follows card moves', async () => {
    const [aisle] = await ctx.db.insert(stores).values({ tenantId: demoId, name: 'Airport Kiosk', active: false }).returning();
    await ctx.db.update(cards).set({ storeId: aisle.id }).where(eq(cards.cardUid, 'DEM0CARD0014'));
    const list = json(await get(s.admin)).stores;
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Airport Kiosk', 'Downtown Store', 'Main Store']);
    expect(list[0]).toMatchObject({ active: false, address: null, _count: { users: 0, cards: 1, transactions: 0 } });
    for (const store of list) expect(store._count).toEqual(await expectedCounts(store.id));
  });

  it('is readable by a cashier (Assign Store modal) and the platform admin', async () => {
    expect((await get(s.cashier)).statusCode).toBe(200);
    expect((await get(s.platform)).statusCode).toBe(200);
  });

  it('ignores unknown query parameters (the route takes no input)', async () => {
    expect((await get(s.admin, 'demo', '?page=abc')).statusCode).toBe(200);
  });

  it('answers 403 to a customer, 401 signed out, 404 across tenants', async () => {
    expect((await get(s.customer)).statusCode).toBe(403);
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(otherCookie)).statusCode).toBe(404);
    expect((await get(s.admin, other.tenant.slug)).statusCode).toBe(404);
    const own = json(await get(otherCookie, other.tenant.slug)).stores;
    expect(own).toEqual([expect.objectContaining({ id: other.store.id, name: 'Main Store', _count: { users: 0, cards: 1, transactions: 1 } })]);
  });
});
