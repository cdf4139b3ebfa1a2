import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LIMIT_SETTINGS, type LimitSettings, type RiskFlagItem, type RiskFlagList } from '@loyalty/contract';
import { hashPassword } from '../../lib/passwords.ts';
import { auditLog, cards, outbox, riskFlags, transactions, users, velocityLimits, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import {
  balanceAndLedger,
  createTestContext,
  demoSessions,
  freshTenant,
  idempotencyKey,
  json,
  loginAs,
  type FreshTenant,
  type TestContext,
} from '../../../test/helpers.ts';

/**
 * Velocity limits (docs/product.md 'Velocity limits', ADR 0050): the settings (GET/PUT
 * /rules/limits), each limit refusing (422 VELOCITY_LIMIT, nothing written) or accepting with a
 * flag (the Review list, one e-mail per card a day, the `risk.flagged` webhook event), the
 * review actions, the guards, and the limits under concurrency (on PostgreSQL, CI's second pass,
 * real parallel transactions).
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const OFF = DEFAULT_LIMIT_SETTINGS;
const limits = (patch: Partial<LimitSettings>): LimitSettings => ({ ...OFF, ...patch });

const money = (t: FreshTenant, kind: 'earn' | 'redeem', amountCents: number, cookie = t.cookie) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/t/${t.slug}/transactions/${kind}`,
    payload: { cardUid: t.cardUid, amountCents },
    headers: { cookie, ...idempotencyKey() },
  });

async function withLimits(settings: LimitSettings, balanceCents = 100_000): Promise<FreshTenant> {
  const t = await freshTenant(ctx, { balanceCents });
  const res = await t.req('PUT', 'rules/limits', settings);
  expect(res.statusCode, res.body).toBe(200);
  return t;
}

/** A cashier of `t` (all stores), signed in. */
async function cashierOf(t: FreshTenant): Promise<{ id: string; cookie: string }> {
  const email = `cashier-${t.slug}@example.com`;
  const [row] = await ctx.db
    .insert(users)
    .values({ tenantId: t.tenant.id, email, passwordHash: await hashPassword('Cashier123!'), firstName: 'Casey', lastName: 'Till', role: 'cashier' })
    .returning({ id: users.id });
  return { id: row.id, cookie: await loginAs(ctx.app, email, 'Cashier123!') };
}

const flags = async (t: FreshTenant, status = 'OPEN') => json<RiskFlagList>(await t.req('GET', `risk/flags?status=${status}`));
const rowsOfCard = async (t: FreshTenant) => ctx.db.select().from(transactions).where(eq(transactions.cardId, t.card.id));

describe('GET and PUT /rules/limits', () => {
  it('answers every limit off until saved, then the saved limits, with an audit row of before and after', async () => {
    const t = await freshTenant(ctx);
    expect(json(await t.req('GET', 'rules/limits'))).toEqual(OFF);
    const on = limits({ cardEarnsPerDay: { enabled: true, count: 5, action: 'REFUSE' } });
    const saved = await t.req('PUT', 'rules/limits', on);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toEqual(on);
    expect(json(await t.req('GET', 'rules/limits'))).toEqual(on);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.tenantId, t.tenant.id)).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({ action: 'rules.limits.update', entity: 'velocity_limits', before: OFF, after: on });
  });

  it.each([
    ['no earns a day', limits({ cardEarnsPerDay: { enabled: true, count: 0, action: 'FLAG' } }), 'Earns per card a day must be between 1 and 1000'],
    ['a zero amount', limits({ cardRedeemPerDay: { enabled: true, amountCents: 0, action: 'FLAG' } }), 'Redeemed per card a day must be between $0.01'],
    ['fractional cents', limits({ cardEarnAmount: { enabled: true, amountCents: 10.5, action: 'FLAG' } }), 'Purchase amount per earn must be whole cents'],
    ['an unknown action', { ...OFF, staffRedeemPerDay: { enabled: true, amountCents: 100, action: 'BLOCK' } }, null],
  ])('answers 400 for %s, nothing written', async (_, payload, message) => {
    const t = await freshTenant(ctx);
    const res = await t.req('PUT', 'rules/limits', payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.body).toContain(message);
    expect(await ctx.db.select().from(velocityLimits).where(eq(velocityLimits.tenantId, t.tenant.id))).toEqual([]);
  });

  it.each(['GET', 'PUT'] as const)('%s answers 403 to the cashier and the customer, 401 signed out, 404 for another tenant', async (method) => {
    const t = await freshTenant(ctx);
    const payload = method === 'PUT' ? limits({ cardEarnsPerDay: { enabled: true, count: 1, action: 'REFUSE' } }) : undefined;
    const call = (cookie: string, slug: string) =>
      ctx.app.inject({ method, url: `/api/t/${slug}/rules/limits`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
    expect((await call(s.cashier, 'demo')).statusCode).toBe(403);
    expect((await call(s.customer, 'demo')).statusCode).toBe(403);
    expect((await call('', 'demo')).statusCode).toBe(401);
    expect((await call(t.cookie, 'demo')).statusCode).toBe(404);
    expect((await call(s.admin, t.slug)).statusCode).toBe(404);
    expect(await ctx.db.select().from(velocityLimits).where(eq(velocityLimits.tenantId, t.tenant.id))).toEqual([]);
  });
});

describe('limits that refuse', () => {
  it('the sixth earn of a card limited to 5 a day answers 422 naming the limit, and writes nothing', async () => {
    const t = await withLimits(limits({ cardEarnsPerDay: { enabled: true, count: 5, action: 'REFUSE' } }));
    for (let i = 0; i < 5; i++) expect((await money(t, 'earn', 1000)).statusCode).toBe(200);
    const before = await rowsOfCard(t);
    const sixth = await money(t, 'earn', 1000);
    expect(sixth.statusCode).toBe(422);
    expect(json(sixth)).toMatchObject({ code: 'VELOCITY_LIMIT', error: 'Limit reached: 5 earns per card a day', details: { limit: 'CARD_EARNS_PER_DAY' } });
    expect(await rowsOfCard(t)).toHaveLength(before.length);
    expect((await flags(t)).items).toEqual([]);
  });

  it('a purchase over the amount per earn and a redemption over the card’s day answer 422; smaller ones go through', async () => {
    const t = await withLimits(
      limits({
        cardEarnAmount: { enabled: true, amountCents: 50_000, action: 'REFUSE' },
        cardRedeemPerDay: { enabled: true, amountCents: 3000, action: 'REFUSE' },
      }),
    );
    expect(json(await money(t, 'earn', 50_001))).toMatchObject({ code: 'VELOCITY_LIMIT', error: 'Limit reached: purchases up to $500.00 per earn' });
    expect((await money(t, 'earn', 50_000)).statusCode).toBe(200);
    expect((await money(t, 'redeem', 2000)).statusCode).toBe(200);
    const over = await money(t, 'redeem', 1001);
    expect(json(over)).toMatchObject({ code: 'VELOCITY_LIMIT', error: 'Limit reached: $30.00 redeemed per card a day' });
    expect((await money(t, 'redeem', 1000)).statusCode).toBe(200);
    const final = await balanceAndLedger(ctx.db, t.cardUid);
    expect(final.balance).toBe(final.ledgerSum);
  });

  it('a staff member’s redemptions count across cards and refuse past their day; the admin’s own are apart', async () => {
    const t = await withLimits(limits({ staffRedeemPerDay: { enabled: true, amountCents: 1500, action: 'REFUSE' } }));
    const cashier = await cashierOf(t);
    expect((await money(t, 'redeem', 1000, cashier.cookie)).statusCode).toBe(200);
    expect(json(await money(t, 'redeem', 600, cashier.cookie))).toMatchObject({
      code: 'VELOCITY_LIMIT',
      error: 'Limit reached: $15.00 redeemed per staff member a day',
    });
    expect((await money(t, 'redeem', 1200)).statusCode).toBe(200);
  });
});

describe('limits that flag', () => {
  it('accepts the movement and lists one flag per card and day with every movement past the limit; one e-mail, one webhook event', async () => {
    const t = await withLimits(limits({ cardEarnsPerDay: { enabled: true, count: 2, action: 'FLAG' } }));
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({ tenantId: t.tenant.id, url: 'https://hooks.example.com/x', secret: 'whsec_test', events: ['risk.flagged'], enabled: true })
      .returning();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await money(t, 'earn', 1000 + i));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const list = await flags(t);
    expect(list.openCount).toBe(1);
    const [flag] = list.items;
    expect(flag).toMatchObject({
      limit: 'CARD_EARNS_PER_DAY',
      limitValue: 2,
      status: 'OPEN',
      card: { uid: t.cardUid, status: 'ACTIVE' },
      holder: { id: t.customer.id, name: 'Oscar Other' },
      staff: { name: 'Olga Other' },
      store: { id: t.store.id },
    });
    expect(flag.movements.map((m) => [m.type, m.amountCents, m.transactionId])).toEqual([
      ['EARN', 1002, json(answers[2]).transactionId],
      ['EARN', 1003, json(answers[3]).transactionId],
    ]);
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.tenantId, t.tenant.id), eq(outbox.kind, 'risk_flag')));
    expect(mails.map((m) => m.toAddress)).toEqual([t.email]);
    expect(mails[0].text).toContain(`Card ${t.cardUid} crossed one of your limits`);
    expect(mails[0].text).toContain(`/t/${t.slug}/review`);
    const events = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ type: 'risk.flagged', data: { id: flag.id, limit: 'CARD_EARNS_PER_DAY', cardUid: t.cardUid } });
  });

  it('a second limit crossed on the same card that day flags apart but e-mails no more', async () => {
    const t = await withLimits(
      limits({
        cardEarnAmount: { enabled: true, amountCents: 5000, action: 'FLAG' },
        cardRedeemPerDay: { enabled: true, amountCents: 100, action: 'FLAG' },
      }),
    );
    expect((await money(t, 'earn', 6000)).statusCode).toBe(200);
    expect((await money(t, 'redeem', 500)).statusCode).toBe(200);
    const list = await flags(t);
    expect(list.items.map((f) => f.limit).sort()).toEqual(['CARD_EARN_AMOUNT', 'CARD_REDEEM_PER_DAY']);
    const redeemFlag = list.items.find((f) => f.limit === 'CARD_REDEEM_PER_DAY')!;
    expect(redeemFlag.movements).toMatchObject([{ type: 'REDEEM', amountCents: 500 }]);
    expect(await ctx.db.$count(outbox, and(eq(outbox.tenantId, t.tenant.id), eq(outbox.kind, 'risk_flag')))).toBe(1);
  });
});

describe('reviewing a flag', () => {
  async function flagged(): Promise<{ t: FreshTenant; flag: RiskFlagItem }> {
    const t = await withLimits(limits({ cardEarnAmount: { enabled: true, amountCents: 100, action: 'FLAG' } }));
    expect((await money(t, 'earn', 5000)).statusCode).toBe(200);
    return { t, flag: (await flags(t)).items[0] };
  }

  it('dismiss closes the flag with the reviewer; ALL still lists it; a second review answers 409', async () => {
    const { t, flag } = await flagged();
    const res = await t.req('POST', `risk/flags/${flag.id}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id: flag.id, status: 'DISMISSED', reviewedBy: 'Olga Other' });
    expect((await flags(t)).items).toEqual([]);
    expect((await flags(t, 'ALL')).items.map((f) => f.status)).toEqual(['DISMISSED']);
    expect(json(await t.req('POST', `risk/flags/${flag.id}/block-card`))).toMatchObject({ code: 'CONFLICT', error: 'This flag was already reviewed' });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'risk.flag.dismiss')));
    expect(audit.after).toMatchObject({ status: 'DISMISSED', limit: 'CARD_EARN_AMOUNT', cardUid: t.cardUid });
  });

  it('block card blocks it (the till then refuses it) and closes the flag', async () => {
    const { t, flag } = await flagged();
    const res = await t.req('POST', `risk/flags/${flag.id}/block-card`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'CARD_BLOCKED', card: { uid: t.cardUid, status: 'BLOCKED' } });
    const [card] = await ctx.db.select({ status: cards.status }).from(cards).where(eq(cards.id, t.card.id));
    expect(card.status).toBe('BLOCKED');
    expect(json(await money(t, 'earn', 10))).toMatchObject({ code: 'CARD_NOT_ACTIVE' });
    const actions = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.tenantId, t.tenant.id));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['card.block', 'risk.flag.block_card']));
  });

  it('answers 403 to a cashier, 404 for another tenant’s flag or a malformed id, 400 for an unknown status; nothing changes', async () => {
    const { t, flag } = await flagged();
    const cashier = await cashierOf(t);
    const post = (cookie: string, slug: string, id: string, verb: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/t/${slug}/risk/flags/${id}/${verb}`, headers: { cookie } });
    expect((await post(cashier.cookie, t.slug, flag.id, 'dismiss')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/risk/flags`, headers: { cookie: cashier.cookie } })).statusCode).toBe(403);
    expect((await post(s.admin, 'demo', flag.id, 'dismiss')).statusCode).toBe(404);
    expect((await post(s.admin, 'demo', flag.id, 'block-card')).statusCode).toBe(404);
    expect((await post(t.cookie, t.slug, 'not-a-uuid', 'dismiss')).statusCode).toBe(404);
    expect((await t.req('GET', 'risk/flags?status=CLOSED')).statusCode).toBe(400);
    const [row] = await ctx.db.select().from(riskFlags).where(eq(riskFlags.id, flag.id));
    expect(row.status).toBe('OPEN');
    expect(
      json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/risk/flags', headers: { cookie: s.admin } })).items.map((f: RiskFlagItem) => f.id),
    ).not.toContain(flag.id);
  });
});

describe('limits under concurrency', () => {
  it.each(['REFUSE', 'FLAG'] as const)('20 parallel earns on a card limited to 5 a day (%s)', async (action) => {
    const t = await withLimits(limits({ cardEarnsPerDay: { enabled: true, count: 5, action } }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => money(t, 'earn', 1000)));
    const codes = answers.map((a) => a.statusCode);
    if (action === 'REFUSE') {
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.statusCode === 422).map((a) => json(a).code)).toEqual(Array(15).fill('VELOCITY_LIMIT'));
    } else {
      expect(codes).toEqual(Array(20).fill(200));
      const [flag] = (await flags(t)).items;
      expect(flag.movements).toHaveLength(15);
    }
    const earns = (await rowsOfCard(t)).filter((r) => r.type === 'EARN');
    expect(earns).toHaveLength(action === 'REFUSE' ? 5 : 20);
    const final = await balanceAndLedger(ctx.db, t.cardUid);
    expect(final.balance).toBe(final.ledgerSum);
  });

  it('parallel redemptions by one cashier on one card stop at the staff member’s day total', async () => {
    const t = await withLimits(limits({ staffRedeemPerDay: { enabled: true, amountCents: 5000, action: 'REFUSE' } }));
    const cashier = await cashierOf(t);
    const answers = await Promise.all(Array.from({ length: 12 }, () => money(t, 'redeem', 1000, cashier.cookie)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    const [{ n }] = await ctx.db
      .select({ n: sql<string>`coalesce(sum(${transactions.amountCents}), 0)` })
      .from(transactions)
      .where(and(eq(transactions.userId, cashier.id), eq(transactions.type, 'REDEEM')));
    expect(Number(n)).toBe(5000);
  });
});
