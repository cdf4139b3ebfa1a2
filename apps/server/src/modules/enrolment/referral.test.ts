import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { customers, stores, transactions } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, json, unbalancedCards, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { solveJoinChallenge } from '../../../test/join-challenge.ts';
import { clearOutbox } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';
import { signCardToken } from '../cards/index.ts';

/**
 * Online sign-up with rewards (docs/product.md 'Rewards'): a friend who joins through a referral
 * link `/{slug}/join?ref={code}` is recorded as referred once they confirm; an unknown code is
 * ignored and the sign-up stands; the welcome bonus is credited in the confirmation's
 * transaction, once however often the link is opened, and the welcome e-mail carries the new
 * member's own referral link.
 */
let ctx: TestContext;
let t: FreshTenant;
let ipSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  t = await freshTenant(ctx);
  await ctx.db.update(stores).set({ selfEnrolment: true }).where(eq(stores.id, t.store.id));
  const settings = {
    welcome: { enabled: true, amountCents: 250 },
    birthday: { enabled: false, amountCents: 1000 },
    referral: { enabled: true, referrerCents: 500, friendCents: 500, minPurchaseCents: 1000, maxPerReferrerPerMonth: 5 },
    winBack: { enabled: false, inactiveDays: 60, bonusCents: 500, validDays: 14 },
  };
  expect((await t.req('PUT', 'rules/rewards', settings)).statusCode).toBe(200);
});
afterAll(() => ctx.close());
beforeEach(() => clearOutbox(ctx.db));

const signUp = async (email: string, referralCode?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/join/${t.slug}`,
    remoteAddress: `198.51.100.${++ipSeq}`,
    payload: { storeId: t.store.id, firstName: 'Jo', lastName: 'Ining', email, consent: true, referralCode, altcha: await solveJoinChallenge(ctx.app, t.slug) },
  });
const confirm = (token: string) => ctx.app.inject({ method: 'POST', url: `/api/join/${t.slug}/confirm`, payload: { token } });
async function mailTo(to: string, kind: string): Promise<string> {
  const [row] = rowsOf<{ text: string }>(await ctx.db.execute(sql`select text from outbox where to_address = ${to} and kind = ${kind}`));
  return row?.text ?? '';
}
const tokenIn = (text: string) => /\/join\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)![1];
async function customerByEmail(email: string) {
  const [c] = await ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, t.tenant.id), eq(customers.email, email)));
  return c;
}

describe('joining through a referral link', () => {
  it('records the referrer, credits the welcome bonus once under 20 parallel confirmations, and e-mails the new member their own link', async () => {
    const [oscar] = await ctx.db.select().from(customers).where(eq(customers.id, t.customer.id));
    expect((await signUp('friend@example.com', oscar.referralCode.toLowerCase())).statusCode).toBe(202);
    const token = tokenIn(await mailTo('friend@example.com', 'join_confirmation'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => json(r).card.balanceCents))).toEqual(new Set([250]));
    const friend = await customerByEmail('friend@example.com');
    expect(friend.referredByCustomerId).toBe(oscar.id);
    const welcome = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.customerId, friend.id), eq(transactions.type, 'BONUS')));
    expect(welcome.map((r) => [r.reason, r.amountCents, r.userId])).toEqual([['WELCOME', 250, null]]);
    const mail = await mailTo('friend@example.com', 'welcome');
    expect(mail).toContain('$2.50');
    expect(mail).toContain(`${ctx.config.publicUrl}/${t.slug}/join?ref=${friend.referralCode}`);
    expect(await unbalancedCards(ctx.db)).toEqual([]);
  });

  it('ignores an unknown code: the sign-up stands, with no referrer', async () => {
    expect((await signUp('stranger@example.com', 'ZZZZZZZZ')).statusCode).toBe(202);
    expect((await confirm(tokenIn(await mailTo('stranger@example.com', 'join_confirmation')))).statusCode).toBe(200);
    expect((await customerByEmail('stranger@example.com')).referredByCustomerId).toBeNull();
  });

  it('answers 400 for a referral code that cannot be one, nothing written', async () => {
    const res = await signUp('shape@example.com', 'not a code!');
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toContain('This referral code is not valid');
    expect(await mailTo('shape@example.com', 'join_confirmation')).toBe('');
  });
});

describe('GET /api/join/{slug}/referral/{code}', () => {
  const page = (code: string, slug = t.slug) => ctx.app.inject({ method: 'GET', url: `/api/join/${slug}/referral/${encodeURIComponent(code)}` });

  it("answers the business, the referrer's card's store and first name, for the code as typed", async () => {
    const [oscar] = await ctx.db.select().from(customers).where(eq(customers.id, t.customer.id));
    const res = await page(oscar.referralCode.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ businessName: t.tenant.name, storeName: t.store.name, storeId: t.store.id, referrerFirstName: 'Oscar' });
  });

  it('is a 404 for an unknown code, a malformed one, another business, and when no store takes sign-ups', async () => {
    const [oscar] = await ctx.db.select().from(customers).where(eq(customers.id, t.customer.id));
    const other = await freshTenant(ctx);
    for (const res of [
      await page('ZZZZZZZZ'),
      await page('not a code'),
      await page(oscar.referralCode, other.slug),
      await page(oscar.referralCode, 'no-such-business'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('This sign-up page is not available');
    }
    await ctx.db.update(stores).set({ selfEnrolment: false }).where(eq(stores.id, t.store.id));
    expect((await page(oscar.referralCode)).statusCode).toBe(404);
    await ctx.db.update(stores).set({ selfEnrolment: true }).where(eq(stores.id, t.store.id));
  });
});

describe('the referral link on the customer page and the public card page', () => {
  it('is shown while referrals are on, and not when they are off', async () => {
    const [oscar] = await ctx.db.select().from(customers).where(eq(customers.id, t.customer.id));
    const link = `${ctx.config.publicUrl}/${t.slug}/join?ref=${oscar.referralCode}`;
    const card = await ctx.app.inject({ method: 'GET', url: `/api/${t.slug}/c/${t.cardUid}?t=${qrToken(t.cardUid)}` });
    expect(json(card).referralLink).toBe(link);
    const bare = await ctx.app.inject({ method: 'GET', url: `/api/${t.slug}/c/${t.cardUid}` });
    expect(json(bare)).not.toHaveProperty('referralLink');
    const off = json(await t.req('GET', 'rules/rewards'));
    await t.req('PUT', 'rules/rewards', { ...off, referral: { ...off.referral, enabled: false } });
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/${t.slug}/c/${t.cardUid}?t=${qrToken(t.cardUid)}` })).referralLink).toBeNull();
    await t.req('PUT', 'rules/rewards', off);
  });
});

function qrToken(cardUid: string): string {
  return signCardToken(ctx.config.qrTokenSecret, cardUid);
}
