import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cards, customers, stores, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, idempotencyKey, json, loginAs, type TestContext } from '../../../test/helpers.ts';

/**
 * GET /api/t/{slug}/me: the customer's own account (docs/product.md
 * 'Roles': the customer's page, its ten latest transactions). Isolation: a second customer
 * of the demo tenant never sees the first one's cards or transactions, and the other way round.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherCookie: string;
let demoId: string;
let mainStoreId: string;
let jane: typeof customers.$inferSelect;
let second: typeof customers.$inferSelect;
let secondCookie: string;
let otherCustomerCookie: string;
const SECOND_CARD = 'DEM0CARD0016';

/** A customer login for an existing customer record (what POST /auth/register creates). */
async function customerLogin(tenantId: string, customerId: string | null, email: string): Promise<string> {
  await ctx.db
    .insert(users)
    .values({ tenantId, email, passwordHash: await hashPassword('Secret123!'), firstName: 'Cust', lastName: 'Omer', role: 'customer', customerId });
  return loginAs(ctx.app, email, 'Secret123!');
}

const me = (cookie?: string, slug = 'demo') => ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/me`, headers: cookie ? { cookie } : {} });
/** POSTs a money route (earn, redeem) with a fresh Idempotency-Key. */
const post = (path: string, cookie: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/t/demo/${path}`, headers: { cookie, ...idempotencyKey() }, payload });

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherCookie = await loginAs(ctx.app, other.email, other.password);
  demoId = await demoTenantId(ctx.db);
  [jane] = await ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, demoId), eq(customers.email, 'customer@demo.com')));
  const [main] = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.tenantId, demoId), eq(stores.name, 'Main Store')));
  mainStoreId = main.id;
  // A second customer of the demo tenant, with a login, a card and transactions of their own.
  [second] = await ctx.db.insert(customers).values({ tenantId: demoId, firstName: 'Sam', lastName: 'Second', email: 'sam.second@example.com' }).returning();
  secondCookie = await customerLogin(demoId, second.id, 'sam.second@example.com');
  const activated = await post('cards/activate', s.admin, { cardUid: SECOND_CARD, storeId: mainStoreId, customerId: second.id });
  if (activated.statusCode !== 200) throw new Error(activated.body);
  for (const amountCents of [10_000, 4_000]) {
    const earned = await post('transactions/earn', s.cashier, { cardUid: SECOND_CARD, amountCents });
    if (earned.statusCode !== 200) throw new Error(earned.body);
  }
  otherCustomerCookie = await customerLogin(other.tenant.id, other.customer.id, `oscar-${other.tenant.slug}@example.com`);
});
afterAll(() => ctx.close());

type Account = {
  customer: {
    id: string;
    firstName: string;
    email: string | null;
    tier: string;
    totalSpendCents: number;
    activeCards: number;
    cards: { cardUid: string; balanceCents: number; status: string; storeName: string | null }[];
  };
  stats: { totalBalanceCents: number; totalEarnedCents: number; totalRedeemedCents: number; activeCards: number };
  recentTransactions: {
    id: string;
    customerId: string;
    customerName: string;
    cardUid: string;
    type: string;
    amountCents: number;
    cashbackCents: number;
    beforeBalanceCents: number;
    afterBalanceCents: number;
    storeName: string | null;
    createdAt: string;
  }[];
};
async function account(cookie: string): Promise<Account> {
  const res = await me(cookie);
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
}

describe('GET /api/t/{slug}/me', () => {
  it("returns the signed-in customer's profile, cards, stats and newest transactions", async () => {
    const a = await account(s.customer);
    const [card] = await ctx.db.select().from(cards).where(eq(cards.cardUid, 'DEM0CARD0001'));
    expect(a.customer).toMatchObject({
      id: jane.id,
      firstName: 'Jane',
      email: 'customer@demo.com',
      tier: jane.tier,
      totalSpendCents: jane.totalSpendCents,
      activeCards: 1,
    });
    expect(a.customer.cards).toEqual([
      expect.objectContaining({ cardUid: 'DEM0CARD0001', balanceCents: card.balanceCents, status: 'ACTIVE', storeName: 'Main Store' }),
    ]);
    expect(a.stats.totalBalanceCents).toBe(card.balanceCents);
    expect(a.stats.activeCards).toBe(1);
    // Balance = earned − redeemed for a card whose ledger holds only EARN and REDEEM rows (the seed).
    expect(a.stats.totalEarnedCents - a.stats.totalRedeemedCents).toBe(card.balanceCents);
    expect(a.stats.totalEarnedCents).toBeGreaterThan(0);
    expect(a.recentTransactions.length).toBeGreaterThan(0);
    expect(a.recentTransactions.length).toBeLessThanOrEqual(10);
    for (const t of a.recentTransactions)
      expect(t).toMatchObject({ customerId: jane.id, customerName: 'Jane Customer', cardUid: 'DEM0CARD0001', storeName: 'Main Store' });
    const times = a.recentTransactions.map((t) => Date.parse(t.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('follows earn and redeem at the till: balance, earned, redeemed, and the 10 newest rows first', async () => {
    const before = await account(s.customer);
    const earned = json(await post('transactions/earn', s.cashier, { cardUid: 'DEM0CARD0001', amountCents: 2_500, note: 'first' }));
    const redeemed = await post('transactions/redeem', s.cashier, { cardUid: 'DEM0CARD0001', amountCents: 100 });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    for (let i = 0; i < 9; i++) await post('transactions/earn', s.cashier, { cardUid: 'DEM0CARD0001', amountCents: 1_000 });
    const after = await account(s.customer);
    expect(after.recentTransactions).toHaveLength(10);
    expect(after.recentTransactions[0]).toMatchObject({ type: 'EARN', amountCents: 1_000 });
    expect(after.recentTransactions[9]).toMatchObject({ type: 'REDEEM', amountCents: 100, cashbackCents: 0 });
    expect(after.recentTransactions[9].afterBalanceCents).toBe(after.recentTransactions[9].beforeBalanceCents - 100);
    const nineEarns = after.recentTransactions.slice(0, 9).reduce((sum, t) => sum + t.cashbackCents, 0);
    expect(after.stats.totalEarnedCents).toBe(before.stats.totalEarnedCents + earned.cashbackEarned + nineEarns);
    expect(after.stats.totalRedeemedCents).toBe(before.stats.totalRedeemedCents + 100);
    expect(after.stats.totalBalanceCents).toBe(before.stats.totalBalanceCents + earned.cashbackEarned - 100 + nineEarns);
    expect(after.customer.totalSpendCents).toBe(before.customer.totalSpendCents + 2_500 + 9 * 1_000);
  });

  it('isolates customers of one tenant: each sees only their own cards and transactions', async () => {
    const mine = await account(secondCookie);
    expect(mine.customer).toMatchObject({ id: second.id, firstName: 'Sam', activeCards: 1 });
    expect(mine.customer.cards.map((c) => c.cardUid)).toEqual([SECOND_CARD]);
    expect(mine.recentTransactions).toHaveLength(2);
    expect(mine.recentTransactions.map((t) => [t.cardUid, t.customerId, t.amountCents])).toEqual([
      [SECOND_CARD, second.id, 4_000],
      [SECOND_CARD, second.id, 10_000],
    ]);
    const earned = mine.recentTransactions.reduce((sum, t) => sum + t.cashbackCents, 0);
    expect(earned).toBeGreaterThan(0);
    expect(mine.stats).toEqual({ totalBalanceCents: earned, totalEarnedCents: earned, totalRedeemedCents: 0, activeCards: 1 });

    const janes = await account(s.customer);
    expect(janes.customer.cards.map((c) => c.cardUid)).toEqual(['DEM0CARD0001']);
    expect(janes.recentTransactions.some((t) => t.cardUid === SECOND_CARD || t.customerId === second.id)).toBe(false);
    // Neither can reach the other through the staff routes.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/demo/customers/${jane.id}`, headers: { cookie: secondCookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/demo/transactions?customerId=${jane.id}`, headers: { cookie: secondCookie } })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/t/demo/customers', headers: { cookie: s.customer } })).statusCode).toBe(403);
    // Query strings are ignored: the customer comes from the session.
    const res = await ctx.app.inject({ method: 'GET', url: `/api/t/demo/me?customerId=${jane.id}`, headers: { cookie: secondCookie } });
    expect(json(res).customer.id).toBe(second.id);
  });

  it("answers 404 'Customer profile not found' for a customer login without a customer record", async () => {
    const cookie = await customerLogin(demoId, null, 'orphan@example.com');
    const res = await me(cookie);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Customer profile not found', code: 'NOT_FOUND' });
  });

  it("shows another tenant's customer their own account and nothing of the demo tenant", async () => {
    const res = await me(otherCustomerCookie, other.tenant.slug);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      customer: { id: other.customer.id, cards: [{ cardUid: other.cardUid, balanceCents: 1000 }] },
      stats: { totalBalanceCents: 1000, activeCards: 1 },
    });
  });

  it('answers 403 to staff and platform admin, 401 signed out, 404 on another tenant', async () => {
    for (const cookie of [s.admin, s.cashier, s.platform, otherCookie]) {
      const res = await me(cookie, cookie === otherCookie ? other.tenant.slug : 'demo');
      expect(res.statusCode).toBe(403);
    }
    expect((await me(undefined)).statusCode).toBe(401);
    expect((await me(otherCustomerCookie)).statusCode).toBe(404);
    expect((await me(s.customer, other.tenant.slug)).statusCode).toBe(404);
    expect((await me(otherCookie)).statusCode).toBe(404);
  });
});
