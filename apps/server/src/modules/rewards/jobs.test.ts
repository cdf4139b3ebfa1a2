import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { RewardSettings } from '@loyalty/contract';
import { cards, customers, tenants, transactions, winBackOffers } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, json, unbalancedCards, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { rowsOf } from '../../lib/sql.ts';
import { runRewardJobs } from './jobs.ts';

/**
 * The rewards' hourly run (docs/product.md 'Rewards', ADR 0049) by the test clock: the birthday
 * reward from 09:00 of the business's own day (any time zone), 29 February paid on 28 February in
 * other years, never within 30 days of the birthday being set, never to a blocked card, once a
 * year even under 20 parallel runs, with a 'Happy birthday' e-mail unless unsubscribed; win-back
 * offers to customers with no purchase for the set days, at most one per 90 days, whose bonus a
 * purchase inside the window earns once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const OFF: RewardSettings = {
  welcome: { enabled: false, amountCents: 0 },
  birthday: { enabled: false, amountCents: 1000 },
  referral: { enabled: false, referrerCents: 0, friendCents: 0, minPurchaseCents: 0, maxPerReferrerPerMonth: 5 },
  winBack: { enabled: false, inactiveDays: 60, bonusCents: 500, validDays: 14 },
};
const links = () => ({ publicUrl: ctx.config.publicUrl, secret: ctx.config.qrTokenSecret });
const DAY = 86_400_000;

/** A business in `timezone` with `settings`; its customer Oscar (an ACTIVE card, e-mail oscar-…@example.com). */
async function business(timezone: string, settings: Partial<RewardSettings>): Promise<FreshTenant & { email: string }> {
  const t = await freshTenant(ctx, { balanceCents: 0 });
  await ctx.db.update(tenants).set({ timezone, subscriptionStatus: 'ACTIVE' }).where(eq(tenants.id, t.tenant.id));
  expect((await t.req('PUT', 'rules/rewards', { ...OFF, ...settings })).statusCode).toBe(200);
  const email = `oscar-${randomUUID().slice(0, 8)}@example.com`;
  await ctx.db.update(customers).set({ email }).where(eq(customers.id, t.customer.id));
  return { ...t, email };
}

async function setBirthday(customerId: string, month: number, day: number, setAt: Date) {
  await ctx.db.update(customers).set({ birthdayMonth: month, birthdayDay: day, birthdaySetAt: setAt }).where(eq(customers.id, customerId));
}

async function bonusesOf(customerId: string, reason: string) {
  return ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.customerId, customerId), eq(transactions.type, 'BONUS'), sql`${transactions.reason} = ${reason}`));
}

async function mailsTo(to: string, kind: string) {
  return rowsOf<{ subject: string; text: string }>(await ctx.db.execute(sql`select subject, text from outbox where to_address = ${to} and kind = ${kind}`));
}

describe('birthday rewards', () => {
  it("are paid from 09:00 of the business's own day, in Auckland and in Los Angeles, once, with a Happy birthday e-mail", async () => {
    const nz = await business('Pacific/Auckland', { birthday: { enabled: true, amountCents: 1500 } });
    const la = await business('America/Los_Angeles', { birthday: { enabled: true, amountCents: 1500 } });
    const longAgo = new Date('2026-01-01T00:00:00Z');
    await setBirthday(nz.customer.id, 12, 3, longAgo);
    await setBirthday(la.customer.id, 12, 3, longAgo);
    // 3 December 08:59 in Auckland (UTC+13): not yet.
    await runRewardJobs(ctx.db, new Date('2026-12-02T19:59:00Z'), links());
    expect(await bonusesOf(nz.customer.id, 'BIRTHDAY')).toHaveLength(0);
    // 09:00 in Auckland; still 2 December in Los Angeles.
    await runRewardJobs(ctx.db, new Date('2026-12-02T20:00:00Z'), links());
    expect((await bonusesOf(nz.customer.id, 'BIRTHDAY')).map((b) => [b.amountCents, b.rewardKey])).toEqual([[1500, `BIRTHDAY:${nz.customer.id}:2026`]]);
    expect(await bonusesOf(la.customer.id, 'BIRTHDAY')).toHaveLength(0);
    // 3 December 09:00 in Los Angeles (UTC−8) is 17:00 UTC; Auckland is on 4 December by then.
    await runRewardJobs(ctx.db, new Date('2026-12-03T16:59:00Z'), links());
    expect(await bonusesOf(la.customer.id, 'BIRTHDAY')).toHaveLength(0);
    await runRewardJobs(ctx.db, new Date('2026-12-03T17:00:00Z'), links());
    await runRewardJobs(ctx.db, new Date('2026-12-03T18:00:00Z'), links());
    expect(await bonusesOf(la.customer.id, 'BIRTHDAY')).toHaveLength(1);
    expect(await bonusesOf(nz.customer.id, 'BIRTHDAY')).toHaveLength(1);
    const [mail] = await mailsTo(nz.email, 'birthday');
    expect(mail.subject).toBe(`Happy birthday from ${nz.tenant.name}`);
    expect(mail.text).toContain('$15.00');
    expect((await ctx.db.select().from(cards).where(eq(cards.id, nz.card.id)))[0].balanceCents).toBe(1500);
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });

  it('pays 29 February on 28 February in a year without one, and on the day itself in a leap year', async () => {
    const t = await business('UTC', { birthday: { enabled: true, amountCents: 700 } });
    await setBirthday(t.customer.id, 2, 29, new Date('2026-01-01T00:00:00Z'));
    await runRewardJobs(ctx.db, new Date('2027-02-27T12:00:00Z'), links());
    expect(await bonusesOf(t.customer.id, 'BIRTHDAY')).toHaveLength(0);
    await runRewardJobs(ctx.db, new Date('2027-02-28T09:00:00Z'), links());
    expect((await bonusesOf(t.customer.id, 'BIRTHDAY')).map((b) => b.rewardKey)).toEqual([`BIRTHDAY:${t.customer.id}:2027`]);
    await runRewardJobs(ctx.db, new Date('2028-02-28T12:00:00Z'), links());
    expect(await bonusesOf(t.customer.id, 'BIRTHDAY')).toHaveLength(1);
    await runRewardJobs(ctx.db, new Date('2028-02-29T12:00:00Z'), links());
    expect(await bonusesOf(t.customer.id, 'BIRTHDAY')).toHaveLength(2);
  });

  it('are not paid within 30 days of the birthday being set, nor to a blocked card, nor while off; an unsubscribed customer gets the money without the e-mail', async () => {
    const t = await business('UTC', { birthday: { enabled: true, amountCents: 500 } });
    const now = new Date('2026-06-10T12:00:00Z');
    await setBirthday(t.customer.id, 6, 10, new Date(now.getTime() - 29 * DAY));
    await runRewardJobs(ctx.db, now, links());
    expect(await bonusesOf(t.customer.id, 'BIRTHDAY')).toHaveLength(0);
    await setBirthday(t.customer.id, 6, 10, new Date(now.getTime() - 30 * DAY));
    await ctx.db.update(cards).set({ status: 'BLOCKED' }).where(eq(cards.id, t.card.id));
    await runRewardJobs(ctx.db, now, links());
    expect(await bonusesOf(t.customer.id, 'BIRTHDAY')).toHaveLength(0);
    await ctx.db.update(cards).set({ status: 'ACTIVE' }).where(eq(cards.id, t.card.id));
    await t.req('PUT', 'rules/rewards', OFF);
    await runRewardJobs(ctx.db, now, links());
    expect(await bonusesOf(t.customer.id, 'BIRTHDAY')).toHaveLength(0);
    await t.req('PUT', 'rules/rewards', { ...OFF, birthday: { enabled: true, amountCents: 500 } });
    await ctx.db.update(customers).set({ emailOptOutAt: now }).where(eq(customers.id, t.customer.id));
    await runRewardJobs(ctx.db, now, links());
    expect(await bonusesOf(t.customer.id, 'BIRTHDAY')).toHaveLength(1);
    expect(await mailsTo(t.email, 'birthday')).toEqual([]);
  });

  it('are paid once under 20 parallel runs', async () => {
    const t = await business('UTC', { birthday: { enabled: true, amountCents: 900 } });
    await setBirthday(t.customer.id, 8, 8, new Date('2026-01-01T00:00:00Z'));
    const now = new Date('2026-08-08T10:00:00Z');
    await Promise.all(Array.from({ length: 20 }, () => runRewardJobs(ctx.db, now, links())));
    expect(await bonusesOf(t.customer.id, 'BIRTHDAY')).toHaveLength(1);
    expect(await mailsTo(t.email, 'birthday')).toHaveLength(1);
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });
});

describe('win-back offers', () => {
  const WIN_BACK = { winBack: { enabled: true, inactiveDays: 60, bonusCents: 600, validDays: 14 } };
  const earn = (t: FreshTenant, amountCents = 1000) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/transactions/earn`,
      headers: { cookie: t.cookie, 'idempotency-key': randomUUID() },
      payload: { cardUid: t.cardUid, amountCents },
    });
  /** Moves every EARN of the customer `days` days into the past. */
  const ageEarns = (customerId: string, days: number) =>
    ctx.db.execute(sql`update transactions set created_at = created_at - make_interval(days => ${days}) where customer_id = ${customerId} and type = 'EARN'`);

  it('are e-mailed to a customer with no purchase for the set days, once in 90 days; a purchase in the window earns the bonus once', async () => {
    const t = await business('UTC', WIN_BACK);
    expect((await earn(t)).statusCode).toBe(200);
    await ageEarns(t.customer.id, 59);
    expect(await runRewardJobs(ctx.db, new Date(), links())).toMatchObject({ winBackOffers: 0 });
    await ageEarns(t.customer.id, 2);
    expect(await runRewardJobs(ctx.db, new Date(), links())).toMatchObject({ winBackOffers: 1 });
    expect(await runRewardJobs(ctx.db, new Date(), links())).toMatchObject({ winBackOffers: 0 });
    const [mail] = await mailsTo(t.email, 'win_back');
    expect(mail.subject).toBe(`$6.00 extra on your next purchase at ${t.tenant.name}`);
    const [offer] = await ctx.db.select().from(winBackOffers).where(eq(winBackOffers.customerId, t.customer.id));
    const back = await earn(t);
    expect(json(back).bonuses).toEqual([{ reason: 'WIN_BACK', amountCents: 600 }]);
    expect((await bonusesOf(t.customer.id, 'WIN_BACK')).map((b) => [b.rewardKey, b.forTransactionId])).toEqual([
      [`WIN_BACK:${offer.id}`, json(back).transactionId],
    ]);
    expect(json(await earn(t))).not.toHaveProperty('bonuses');
    // Inactive again soon after: no second offer within 90 days of the first.
    await ageEarns(t.customer.id, 70);
    expect(await runRewardJobs(ctx.db, new Date(), links())).toMatchObject({ winBackOffers: 0 });
    expect(await runRewardJobs(ctx.db, new Date(Date.now() + 91 * DAY), links())).toMatchObject({ winBackOffers: 1 });
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });

  it('pay nothing for a purchase after the window, and are not sent to an unsubscribed customer or one who never bought', async () => {
    const t = await business('UTC', WIN_BACK);
    await earn(t);
    await ageEarns(t.customer.id, 80);
    await runRewardJobs(ctx.db, new Date(Date.now() - 15 * DAY), links());
    expect(await ctx.db.select().from(winBackOffers).where(eq(winBackOffers.customerId, t.customer.id))).toHaveLength(1);
    expect(json(await earn(t))).not.toHaveProperty('bonuses');
    const quiet = await business('UTC', WIN_BACK);
    await earn(quiet);
    await ageEarns(quiet.customer.id, 80);
    await ctx.db.update(customers).set({ emailOptOutAt: new Date() }).where(eq(customers.id, quiet.customer.id));
    const never = await business('UTC', WIN_BACK);
    await runRewardJobs(ctx.db, new Date(), links());
    expect(await ctx.db.select().from(winBackOffers).where(eq(winBackOffers.customerId, quiet.customer.id))).toEqual([]);
    expect(await ctx.db.select().from(winBackOffers).where(eq(winBackOffers.customerId, never.customer.id))).toEqual([]);
  });

  it('make one offer under 20 parallel runs', async () => {
    const t = await business('UTC', WIN_BACK);
    await earn(t);
    await ageEarns(t.customer.id, 61);
    await Promise.all(Array.from({ length: 20 }, () => runRewardJobs(ctx.db, new Date(), links())));
    expect(await ctx.db.select().from(winBackOffers).where(eq(winBackOffers.customerId, t.customer.id))).toHaveLength(1);
    expect(await mailsTo(t.email, 'win_back')).toHaveLength(1);
  });
});
