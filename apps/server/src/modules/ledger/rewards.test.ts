import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { RewardSettings } from '@loyalty/contract';
import { auditLog, cards, cashbackLots, customers, stores, tenants, transactions } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, json, unbalancedCards, type FreshTenant, type TestContext } from '../../../test/helpers.ts';

/**
 * The rewards on the ledger (docs/product.md 'Rewards', ADR 0049): the welcome bonus at a first
 * card's activation, referral codes typed at the till, both referral bonuses with the friend's
 * first qualifying purchase and every guard, the claw-back of both after a full refund within
 * 14 days, each exactly once under 20 parallel retries; BONUS rows open lots like any credit, so
 * balance = Σ ledger = Σ open lots holds throughout.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const REWARDS: RewardSettings = {
  welcome: { enabled: true, amountCents: 300 },
  birthday: { enabled: false, amountCents: 1000 },
  referral: { enabled: true, referrerCents: 700, friendCents: 400, minPurchaseCents: 2000, maxPerReferrerPerMonth: 5 },
  winBack: { enabled: false, inactiveDays: 60, bonusCents: 500, validDays: 14 },
};

/** A fresh business with `settings`, `n` unassigned cards and its first store; the tenant's card of `freshTenant` (Oscar) is the referrer's. */
async function business(settings: RewardSettings = REWARDS, n = 4) {
  const t = await freshTenant(ctx, { balanceCents: 0 });
  // Paid up, so the trial's activation allowance does not limit the test.
  await ctx.db.update(tenants).set({ subscriptionStatus: 'ACTIVE' }).where(eq(tenants.id, t.tenant.id));
  expect((await t.req('PUT', 'rules/rewards', settings)).statusCode).toBe(200);
  const uids = Array.from({ length: n }, (_, i) =>
    `RW${randomUUID()
      .replace(/[^0-9]/g, '')
      .slice(0, 9)}${i}`.slice(0, 12),
  );
  await ctx.db.insert(cards).values(uids.map((cardUid) => ({ tenantId: t.tenant.id, cardUid, status: 'UNASSIGNED' as const })));
  const [store] = await ctx.db.select().from(stores).where(eq(stores.tenantId, t.tenant.id));
  const [oscar] = await ctx.db.select().from(customers).where(eq(customers.id, t.customer.id));
  return { t, uids, storeId: store.id, referrer: oscar };
}

const activate = (t: FreshTenant, payload: object) => t.req('POST', 'cards/activate', payload);
const earn = (t: FreshTenant, cardUid: string, amountCents: number, key = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/t/${t.slug}/transactions/earn`,
    headers: { cookie: t.cookie, 'idempotency-key': key },
    payload: { cardUid, amountCents },
  });

/** The BONUS rows of the tenant, oldest first: reason, amount, card and reward key. */
async function bonuses(tenantId: string) {
  return ctx.db
    .select({
      reason: transactions.reason,
      amountCents: transactions.amountCents,
      cardId: transactions.cardId,
      rewardKey: transactions.rewardKey,
      id: transactions.id,
    })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.type, 'BONUS')))
    .orderBy(asc(transactions.createdAt), asc(transactions.rewardKey));
}

async function cardOf(tenantId: string, cardUid: string) {
  const [card] = await ctx.db
    .select()
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)));
  return card;
}

describe('the welcome bonus', () => {
  it("credits a new customer's first card at activation: a BONUS row, its lot, the audit row, the balance in the answer", async () => {
    const { t, uids, storeId } = await business();
    const res = await activate(t, { cardUid: uids[0], storeId, customer: { firstName: 'Wanda', lastName: 'Welcome' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).balanceCents).toBe(300);
    const card = await cardOf(t.tenant.id, uids[0]);
    expect(await bonuses(t.tenant.id)).toEqual([
      expect.objectContaining({ reason: 'WELCOME', amountCents: 300, cardId: card.id, rewardKey: `WELCOME:${card.customerId}` }),
    ]);
    const [lot] = await ctx.db.select().from(cashbackLots).where(eq(cashbackLots.cardId, card.id));
    expect(lot).toMatchObject({ amountCents: 300, remainingCents: 300 });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'transaction.bonus')));
    expect(audit).toMatchObject({ userId: t.adminId, after: { reason: 'WELCOME', amountCents: 300, balanceCents: 300, forTransactionId: null } });
    // The card's history lists it with its reason.
    const list = json(await t.req('GET', `transactions?cardId=${card.id}`));
    expect(list.transactions).toEqual([expect.objectContaining({ type: 'BONUS', reason: 'WELCOME', amountCents: 300, afterBalanceCents: 300 })]);
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });

  it('is not credited while it is off, and a change applies from then on', async () => {
    const { t, uids, storeId } = await business({ ...REWARDS, welcome: { enabled: false, amountCents: 300 } });
    expect(json(await activate(t, { cardUid: uids[0], storeId, customer: { firstName: 'No', lastName: 'Bonus' } })).balanceCents).toBe(0);
    await t.req('PUT', 'rules/rewards', REWARDS);
    expect(json(await activate(t, { cardUid: uids[1], storeId, customer: { firstName: 'Yes', lastName: 'Bonus' } })).balanceCents).toBe(300);
    expect((await bonuses(t.tenant.id)).map((b) => b.reason)).toEqual(['WELCOME']);
  });

  it('is credited once under 20 parallel activations of the same card', async () => {
    const { t, uids, storeId } = await business();
    const payload = { cardUid: uids[0], storeId, customer: { firstName: 'Race', lastName: 'Welcome' } };
    const codes = (await Promise.all(Array.from({ length: 20 }, () => activate(t, payload)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(await bonuses(t.tenant.id)).toHaveLength(1);
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });
});

describe('referral codes at the till', () => {
  it("records the referrer whose code the cashier types, in any case and with Crockford's look-alikes", async () => {
    const { t, uids, storeId, referrer } = await business();
    const typed = referrer.referralCode.toLowerCase().replace(/1/g, 'l').replace(/0/g, 'o');
    const res = await activate(t, { cardUid: uids[0], storeId, customer: { firstName: 'Fred', lastName: 'Friend' }, referralCode: typed });
    expect(res.statusCode, res.body).toBe(200);
    const [friend] = await ctx.db
      .select()
      .from(customers)
      .where(eq(customers.id, json(res).customerId));
    expect(friend.referredByCustomerId).toBe(referrer.id);
    expect(friend.referralCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(friend.referralCode).not.toBe(referrer.referralCode);
  });

  it.each([
    ['an unknown code', () => 'ZZZZZZZZ', {}, 'This referral code is not valid'],
    ['a code of the wrong shape', () => 'ABC', {}, 'This referral code is not valid'],
    ["the referrer's own phone", (code: string) => code, { phone: '+1 (555) 010-0200' }, 'A customer cannot use their own referral code'],
  ])('refuses %s with its message on the field, nothing written', async (_, code, contact, message) => {
    const { t, uids, storeId, referrer } = await business();
    await ctx.db.update(customers).set({ email: 'oscar@example.com', phone: '15550100200' }).where(eq(customers.id, referrer.id));
    const before = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.tenantId, t.tenant.id));
    const res = await activate(t, {
      cardUid: uids[0],
      storeId,
      customer: { firstName: 'Sam', lastName: 'Self', ...contact },
      referralCode: code(referrer.referralCode),
    });
    expect([400, 422]).toContain(res.statusCode);
    expect(res.body).toContain(message);
    expect((await cardOf(t.tenant.id, uids[0])).status).toBe('UNASSIGNED');
    expect(
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customers)
        .where(eq(customers.tenantId, t.tenant.id)),
    ).toEqual(before);
  });
});

/** A business with the referrer Oscar (an ACTIVE card) and a friend Fred referred at the till. */
async function referred(settings: RewardSettings = REWARDS) {
  const b = await business(settings);
  const res = await activate(b.t, {
    cardUid: b.uids[0],
    storeId: b.storeId,
    customer: { firstName: 'Fred', lastName: 'Friend' },
    referralCode: b.referrer.referralCode,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...b, friendUid: b.uids[0], friendId: json(res).customerId as string, referrerCard: b.t.card };
}

describe('referral codes for an existing customer', () => {
  it('refuses their own code, and a second referrer, with nothing written', async () => {
    const { t, uids, storeId, referrer } = await business();
    const cara = json(await t.req('POST', 'customers', { firstName: 'Cara', lastName: 'Existing', email: 'cara@example.com' }));
    const own = await activate(t, { cardUid: uids[0], storeId, customerId: cara.id, referralCode: cara.referralCode });
    expect(own.statusCode).toBe(422);
    expect(json(own).error).toBe('A customer cannot use their own referral code');
    expect((await cardOf(t.tenant.id, uids[0])).status).toBe('UNASSIGNED');
    await ctx.db.update(customers).set({ referredByCustomerId: referrer.id }).where(eq(customers.id, cara.id));
    const other = json(await t.req('POST', 'customers', { firstName: 'Otto', lastName: 'Other' }));
    const second = await activate(t, { cardUid: uids[0], storeId, customerId: cara.id, referralCode: other.referralCode });
    expect(second.statusCode).toBe(422);
    expect(json(second).error).toBe('This customer was already referred by someone');
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, cara.id));
    expect(row.referredByCustomerId).toBe(referrer.id);
  });
});

describe("the referral bonuses with the friend's first qualifying purchase", () => {
  it('pays nothing below the minimum, then both bonuses with the first purchase of at least it, booked with it', async () => {
    const { t, friendUid, referrerCard, friendId } = await referred();
    const small = await earn(t, friendUid, 1999);
    expect(json(small)).not.toHaveProperty('bonuses');
    expect((await bonuses(t.tenant.id)).map((b) => b.reason)).toEqual(['WELCOME']);
    const first = await earn(t, friendUid, 2000);
    expect(first.statusCode).toBe(200);
    // Welcome $3.00 + 2% of $19.99 ($0.39) + 2% of $20.00 ($0.40) + the friend's $4.00.
    expect(json(first)).toMatchObject({ cashbackEarned: 40, newBalance: 300 + 39 + 40 + 400, bonuses: [{ reason: 'REFERRAL', amountCents: 400 }] });
    const paid = (await bonuses(t.tenant.id)).filter((b) => b.reason === 'REFERRAL');
    expect(paid).toEqual([
      expect.objectContaining({ amountCents: 400, rewardKey: `REFERRAL:${friendId}:FRIEND` }),
      expect.objectContaining({ amountCents: 700, cardId: referrerCard.id, rewardKey: `REFERRAL:${friendId}:REFERRER` }),
    ]);
    const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, paid[0].id));
    expect(row.forTransactionId).toBe(json(first).transactionId);
    expect((await cardOf(t.tenant.id, referrerCard.cardUid)).balanceCents).toBe(700);
    // The next purchase is not a first purchase.
    expect(json(await earn(t, friendUid, 5000))).not.toHaveProperty('bonuses');
    expect((await bonuses(t.tenant.id)).filter((b) => b.reason === 'REFERRAL')).toHaveLength(2);
    // The liability report counts every bonus credited: welcome $3.00 + referral $4.00 + $7.00.
    const liability = json(await t.req('GET', 'reports/liability'));
    expect(liability.period).toMatchObject({ bonusCents: 1400, earnedCents: 39 + 40 + 100 });
    expect(liability.outstandingCents).toBe(300 + 39 + 40 + 400 + 700 + 100);
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });

  it('pays once under 20 parallel retries of the qualifying earn, and once under 20 different parallel purchases', async () => {
    const a = await referred();
    const key = randomUUID();
    const retries = await Promise.all(Array.from({ length: 20 }, () => earn(a.t, a.friendUid, 3000, key)));
    expect(retries.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(retries.map((r) => r.body)).size).toBe(1);
    expect((await bonuses(a.t.tenant.id)).filter((b) => b.reason === 'REFERRAL')).toHaveLength(2);
    const b = await referred();
    const purchases = await Promise.all(Array.from({ length: 20 }, () => earn(b.t, b.friendUid, 3000)));
    expect(purchases.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(purchases.filter((r) => json(r).bonuses)).toHaveLength(1);
    expect((await bonuses(b.t.tenant.id)).filter((x) => x.reason === 'REFERRAL')).toHaveLength(2);
    expect((await cardOf(b.t.tenant.id, b.referrerCard.cardUid)).balanceCents).toBe(700);
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });

  it('pays a referrer at most maxPerReferrerPerMonth referrals: a friend past the cap settles unpaid', async () => {
    const { t, uids, storeId, referrer, friendUid, referrerCard } = await referred({
      ...REWARDS,
      referral: { ...REWARDS.referral, maxPerReferrerPerMonth: 1 },
    });
    const second = json(
      await activate(t, { cardUid: uids[1], storeId, customer: { firstName: 'Second', lastName: 'Friend' }, referralCode: referrer.referralCode }),
    );
    await earn(t, friendUid, 2000);
    const capped = await earn(t, second.cardUid, 2000);
    expect(json(capped)).not.toHaveProperty('bonuses');
    expect((await cardOf(t.tenant.id, referrerCard.cardUid)).balanceCents).toBe(700);
    const [settled] = await ctx.db.select().from(customers).where(eq(customers.id, second.customerId));
    expect(settled.referralSettledAt).not.toBeNull();
  });

  it('pays the friend but not a referrer whose card is blocked, and nothing to a friend whose card is blocked', async () => {
    const { t, uids, storeId, referrer, friendUid, referrerCard } = await referred();
    await ctx.db.update(cards).set({ status: 'BLOCKED' }).where(eq(cards.id, referrerCard.id));
    expect(json(await earn(t, friendUid, 2000)).bonuses).toEqual([{ reason: 'REFERRAL', amountCents: 400 }]);
    expect((await bonuses(t.tenant.id)).filter((b) => b.reason === 'REFERRAL')).toHaveLength(1);
    const other = json(
      await activate(t, { cardUid: uids[1], storeId, customer: { firstName: 'Blocked', lastName: 'Friend' }, referralCode: referrer.referralCode }),
    );
    await ctx.db.update(cards).set({ status: 'BLOCKED' }).where(eq(cards.cardUid, other.cardUid));
    expect((await earn(t, other.cardUid, 2000)).statusCode).toBe(422);
    expect((await bonuses(t.tenant.id)).filter((b) => b.reason === 'REFERRAL')).toHaveLength(1);
  });

  it('pays nothing while referrals are off, and leaves the referral open for when they are on', async () => {
    const { t, friendUid } = await referred({ ...REWARDS, referral: { ...REWARDS.referral, enabled: false } });
    expect(json(await earn(t, friendUid, 2000))).not.toHaveProperty('bonuses');
    await t.req('PUT', 'rules/rewards', REWARDS);
    expect(json(await earn(t, friendUid, 2000)).bonuses).toEqual([{ reason: 'REFERRAL', amountCents: 400 }]);
  });
});

describe('the claw-back of both referral bonuses', () => {
  const refund = (t: FreshTenant, id: string, payload: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/transactions/${id}/refund`,
      headers: { cookie: t.cookie, 'idempotency-key': randomUUID() },
      payload,
    });

  it('takes both back after the purchase is refunded in full, never below zero, once', async () => {
    const { t, friendUid, referrerCard } = await referred();
    const first = json(await earn(t, friendUid, 2000));
    // The referrer spends $5.00 of their $7.00 bonus first: $2.00 can be taken back.
    const spent = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/transactions/redeem`,
      headers: { cookie: t.cookie, 'idempotency-key': randomUUID() },
      payload: { cardUid: referrerCard.cardUid, amountCents: 500 },
    });
    expect(spent.statusCode, spent.body).toBe(200);
    const partial = await refund(t, first.transactionId, { amountCents: 1000 });
    expect(partial.statusCode, partial.body).toBe(200);
    expect((await cardOf(t.tenant.id, referrerCard.cardUid)).balanceCents).toBe(200);
    const rest = await refund(t, first.transactionId);
    expect(rest.statusCode, rest.body).toBe(200);
    // Friend: welcome 300 + cashback 40 + bonus 400 − cashback 40 − bonus 400.
    expect(json(rest).newBalanceCents).toBe(300);
    expect((await cardOf(t.tenant.id, friendUid)).balanceCents).toBe(300);
    expect((await cardOf(t.tenant.id, referrerCard.cardUid)).balanceCents).toBe(0);
    const clawbacks = await ctx.db
      .select({ cashbackCents: transactions.cashbackCents, unrecoveredCents: transactions.unrecoveredCents, note: transactions.note })
      .from(transactions)
      .where(and(eq(transactions.tenantId, t.tenant.id), eq(transactions.type, 'REFUND'), eq(transactions.amountCents, 0)))
      .orderBy(asc(transactions.cashbackCents));
    expect(clawbacks).toEqual([
      { cashbackCents: 400, unrecoveredCents: 0, note: 'Referral bonus taken back: the first purchase was refunded' },
      { cashbackCents: 700, unrecoveredCents: 500, note: 'Referral bonus taken back: the first purchase was refunded' },
    ]);
    expect((await refund(t, first.transactionId)).statusCode).toBe(422);
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });

  it('keeps the bonuses when the full refund comes more than 14 days after the purchase', async () => {
    const { t, friendUid, referrerCard } = await referred();
    const first = json(await earn(t, friendUid, 2000));
    await ctx.db
      .update(transactions)
      .set({ createdAt: sql`now() - interval '15 days'` })
      .where(eq(transactions.id, first.transactionId));
    expect((await refund(t, first.transactionId)).statusCode).toBe(200);
    expect((await cardOf(t.tenant.id, referrerCard.cardUid)).balanceCents).toBe(700);
  });
});
