import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_REWARD_SETTINGS, type RewardSettings } from '@loyalty/contract';
import { auditLog, rewardSettings } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, freshTenant, json, type TestContext } from '../../../test/helpers.ts';

/**
 * GET/PUT /api/t/{slug}/rules/rewards (docs/product.md 'Rewards'): every reward off until saved,
 * the upsert and its audit row, 400 for an amount outside $0.00–$1,000.00 or a count out of range
 * (nothing written), 403 cashier and customer, 401 signed out, 404 another tenant both ways.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const ON: RewardSettings = {
  welcome: { enabled: true, amountCents: 300 },
  birthday: { enabled: true, amountCents: 1500 },
  referral: { enabled: true, referrerCents: 700, friendCents: 400, minPurchaseCents: 2500, maxPerReferrerPerMonth: 3 },
  winBack: { enabled: true, inactiveDays: 45, bonusCents: 600, validDays: 10 },
};

const demoCall = (method: 'GET' | 'PUT', cookie: string, payload?: object, slug = 'demo') =>
  ctx.app.inject({ method, url: `/api/t/${slug}/rules/rewards`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** The settings rows and the audit row count, for "nothing written" checks. */
async function snapshot() {
  const [rows, [audit]] = await Promise.all([
    ctx.db.select().from(rewardSettings).orderBy(rewardSettings.tenantId),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  return { rows, audit: Number(audit.n) };
}

describe('GET and PUT /rules/rewards', () => {
  it('answers every reward off until saved, then the saved settings, with an audit row of before and after', async () => {
    const t = await freshTenant(ctx);
    const first = await t.req('GET', 'rules/rewards');
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual(DEFAULT_REWARD_SETTINGS);
    const saved = await t.req('PUT', 'rules/rewards', ON);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toEqual(ON);
    expect(json(await t.req('GET', 'rules/rewards'))).toEqual(ON);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.tenantId, t.tenant.id)).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({ action: 'rules.rewards.update', entity: 'reward_settings', userId: t.adminId, before: DEFAULT_REWARD_SETTINGS, after: ON });
  });

  it.each([
    ['an amount over $1,000.00', { ...ON, welcome: { enabled: true, amountCents: 100_001 } }, 'Welcome bonus must be between $0.00 and $1,000.00'],
    ['a negative amount', { ...ON, referral: { ...ON.referral, friendCents: -1 } }, "Friend's bonus must be between $0.00 and $1,000.00"],
    ['fractional cents', { ...ON, birthday: { enabled: true, amountCents: 1.5 } }, 'Birthday reward must be whole cents'],
    ['no referral cap', { ...ON, referral: { ...ON.referral, maxPerReferrerPerMonth: 0 } }, 'Referrals paid per referrer a month must be between 1 and 100'],
    ['a win-back window of 0 days', { ...ON, winBack: { ...ON.winBack, validDays: 0 } }, 'Days the offer is valid must be between 1 and 365'],
    ['a missing section', { welcome: ON.welcome, birthday: ON.birthday, referral: ON.referral }, null],
  ])('answers 400 for %s, nothing written', async (_, payload, message) => {
    const t = await freshTenant(ctx);
    const before = await snapshot();
    const res = await t.req('PUT', 'rules/rewards', payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.body).toContain(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe('guards of /rules/rewards', () => {
  it.each(['GET', 'PUT'] as const)(
    '%s answers 403 to the cashier and the customer, 401 signed out, 404 for another tenant; nothing written',
    async (method) => {
      const t = await freshTenant(ctx);
      const payload = method === 'PUT' ? ON : undefined;
      const before = await snapshot();
      expect((await demoCall(method, s.cashier, payload)).statusCode).toBe(403);
      expect((await demoCall(method, s.customer, payload)).statusCode).toBe(403);
      expect((await demoCall(method, '', payload)).statusCode).toBe(401);
      expect((await demoCall(method, s.admin, payload, t.slug)).statusCode).toBe(404);
      expect((await demoCall(method, t.cookie, payload)).statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    },
  );
});
