import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { computeCashback, DEFAULT_TIER_RULES, evaluateTier, type TierRuleInput } from '@loyalty/domain';
import type { Category, Tier } from '@loyalty/contract';
import { cards, customers, offers, tierRules } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, idempotencyKey, json, type TestContext } from '../../../test/helpers.ts';
import { retierCustomers } from '../customers/index.ts';

/**
 * Proof that the earn follows the rules stored through this API
 * (docs/product.md 'Cashback'): after PUT /rules/cashback, PUT /rules/tiers and POST
 * /rules/offers, POST /transactions/earn credits exactly domain computeCashback(...) of the
 * rules GET /rules/* answers; and the set-based re-tier UPDATE agrees with evaluateTier.
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

const HOUR = 3_600_000;
const rules = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/t/demo/rules/${path}`, headers: { cookie: s.admin }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const earn = (cardUid: string, amountCents: number, category: Category) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/t/demo/transactions/earn',
    headers: { cookie: s.cashier, ...idempotencyKey() },
    payload: { cardUid, amountCents, category },
  });

/** The card's customer (tier before the purchase, total spend). */
async function holderOf(cardUid: string) {
  const [row] = await ctx.db
    .select({ id: customers.id, tier: customers.tier, totalSpendCents: customers.totalSpendCents })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .where(eq(cards.cardUid, cardUid));
  return row;
}

/** computeCashback over the programme as the Rules API reports it now (what the web preview uses). */
async function expectedFromApi(amountCents: number, category: Category, tier: Tier) {
  const [cb, tr, of] = await Promise.all([rules('GET', 'cashback'), rules('GET', 'tiers'), rules('GET', 'offers')]);
  return computeCashback({
    amountCents,
    category,
    tier,
    cashbackRules: json(cb).rules,
    tierRules: json(tr).rules,
    offers: json(of).offers.map((o: { startAt: string; endAt: string }) => ({ ...o, startAt: new Date(o.startAt), endAt: new Date(o.endAt) })),
    now: new Date(),
  });
}

describe('an earn after a rules change follows the new rules exactly', () => {
  beforeAll(async () => {
    // Start from a known programme: defaults, and the seeded offer switched off through the API.
    expect((await rules('POST', 'initialize')).statusCode).toBe(200);
    for (const o of json(await rules('GET', 'offers')).offers) {
      const res = await rules('PUT', `offers/${o.id}`, {
        name: o.name,
        description: o.description,
        rateMultiplierBps: o.rateMultiplierBps,
        startAt: o.startAt,
        endAt: o.endAt,
        isActive: false,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('PUT /cashback PURCHASE 750 bps + POST /offers 300 bps running now → earn = computeCashback', async () => {
    expect(
      (
        await rules('PUT', 'cashback', {
          rules: [
            { category: 'PURCHASE', baseRateBps: 750 },
            { category: 'REPAIR', baseRateBps: 300 },
            { category: 'OTHER', baseRateBps: 100 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    expect((await rules('POST', 'offers', { name: 'Now', rateMultiplierBps: 300, startAt: iso(-HOUR), endAt: iso(HOUR) })).statusCode).toBe(201);
    // Offers that must not count: one in the future, one over, one switched off.
    expect((await rules('POST', 'offers', { name: 'Later', rateMultiplierBps: 1000, startAt: iso(HOUR), endAt: iso(2 * HOUR) })).statusCode).toBe(201);
    expect((await rules('POST', 'offers', { name: 'Over', rateMultiplierBps: 1000, startAt: iso(-2 * HOUR), endAt: iso(-HOUR) })).statusCode).toBe(201);
    expect((await rules('POST', 'offers', { name: 'Off', rateMultiplierBps: 1000, startAt: iso(-HOUR), endAt: iso(HOUR), isActive: false })).statusCode).toBe(
      201,
    );

    const holder = await holderOf('DEM0CARD0002');
    const expected = await expectedFromApi(12_345, 'PURCHASE', holder.tier);
    const bonus = DEFAULT_TIER_RULES.find((r) => r.tier === holder.tier)!.baseRateBps;
    // By hand: PURCHASE 750 + tier bonus + offer 300.
    expect(expected.rateBps).toBe(750 + bonus + 300);
    const res = await earn('DEM0CARD0002', 12_345, 'PURCHASE');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ rateBps: expected.rateBps, cashbackEarned: expected.cashbackCents });
    expect(expected.cashbackCents).toBe(Math.floor((12_345 * expected.rateBps) / 10_000));
  });

  it('a category left out of PUT /cashback earns 0 bps from its rule (offers and tier bonus still apply)', async () => {
    expect((await rules('PUT', 'cashback', { rules: [{ category: 'PURCHASE', baseRateBps: 750 }] })).statusCode).toBe(200);
    const holder = await holderOf('DEM0CARD0001');
    const expected = await expectedFromApi(10_000, 'REPAIR', holder.tier);
    const bonus = DEFAULT_TIER_RULES.find((r) => r.tier === holder.tier)!.baseRateBps;
    expect(expected.rateBps).toBe(bonus + 300);
    const res = await earn('DEM0CARD0001', 10_000, 'REPAIR');
    expect(json(res)).toMatchObject({ rateBps: expected.rateBps, cashbackEarned: expected.cashbackCents });
  });

  it('caps: category 1900 + PLATINUM bonus 500 → 2000, then offers up to the 5000 total cap', async () => {
    expect((await rules('PUT', 'cashback', { rules: [{ category: 'OTHER', baseRateBps: 1900 }] })).statusCode).toBe(200);
    // Everyone from $0 is PLATINUM with +500 bps.
    const tiers = await rules('PUT', 'tiers', { rules: [{ tier: 'PLATINUM', name: 'Everyone', minTotalSpendCents: 0, baseRateBps: 500 }] });
    expect(tiers.statusCode).toBe(200);
    const holder = await holderOf('DEM0CARD0003');
    expect(holder.tier).toBe('PLATINUM');
    // Base capped at 2000, plus the 300 bps offer.
    const first = await expectedFromApi(9_999, 'OTHER', 'PLATINUM');
    expect(first.rateBps).toBe(2300);
    expect(json(await earn('DEM0CARD0003', 9_999, 'OTHER'))).toMatchObject({ rateBps: 2300, cashbackEarned: first.cashbackCents });
    // Two more overlapping offers (2000 + 1500): 2000 + 300 + 3500 → capped at 5000.
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    await rules('POST', 'offers', { name: 'Big', rateMultiplierBps: 2000, startAt: iso(-HOUR), endAt: iso(HOUR) });
    await rules('POST', 'offers', { name: 'Bigger', rateMultiplierBps: 1500, startAt: iso(-HOUR), endAt: iso(HOUR) });
    const second = await expectedFromApi(9_999, 'OTHER', 'PLATINUM');
    expect(second).toEqual({ rateBps: 5000, cashbackCents: 4999 });
    expect(json(await earn('DEM0CARD0003', 9_999, 'OTHER'))).toMatchObject({ rateBps: 5000, cashbackEarned: 4999 });
  });

  it('PUT /tiers moves a customer up at once; the crossing earn keeps the old tier, the next one gets the new bonus', async () => {
    await rules('POST', 'initialize');
    for (const o of json(await rules('GET', 'offers')).offers) {
      await rules('PUT', `offers/${o.id}`, {
        name: o.name,
        description: o.description,
        rateMultiplierBps: o.rateMultiplierBps,
        startAt: o.startAt,
        endAt: o.endAt,
        isActive: false,
      });
    }
    const holder = await holderOf('DEM0CARD0004');
    // A new GOLD threshold just above this customer's spend: they are SILVER now.
    const goldFrom = holder.totalSpendCents + 1_000;
    const put = await rules('PUT', 'tiers', {
      rules: [
        { tier: 'SILVER', name: 'Silver', minTotalSpendCents: 0, baseRateBps: 0 },
        { tier: 'GOLD', name: 'Gold', minTotalSpendCents: goldFrom, baseRateBps: 400 },
        { tier: 'PLATINUM', name: 'Platinum', minTotalSpendCents: goldFrom + 10_000_000, baseRateBps: 800 },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect((await holderOf('DEM0CARD0004')).tier).toBe('SILVER');
    // This purchase crosses the threshold: SILVER rate (PURCHASE 200), new tier GOLD.
    const crossing = json(await earn('DEM0CARD0004', 2_000, 'PURCHASE'));
    expect(crossing).toMatchObject({ rateBps: 200, cashbackEarned: 40, tier: 'GOLD' });
    // The next one earns at GOLD: 200 + 400.
    const next = json(await earn('DEM0CARD0004', 2_000, 'PURCHASE'));
    expect(next).toMatchObject({ rateBps: 600, cashbackEarned: 120, tier: 'GOLD' });
    expect(next.rateBps).toBe((await expectedFromApi(2_000, 'PURCHASE', 'GOLD')).rateBps);
    // Lowering GOLD below a customer's spend re-tiers them before any earn.
    const other = await holderOf('DEM0CARD0001');
    expect(other.tier).toBe(evaluateTier(other.totalSpendCents, json(put).rules));
  });
});

describe('the set-based re-tier UPDATE agrees with evaluateTier', () => {
  /** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
  function prng(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
  }

  it('for 400 customers and 60 random rule sets (inactive, missing, equal and unordered thresholds), only in the tenant', async () => {
    const rand = prng(20261123);
    const int = (max: number) => Math.floor(rand() * (max + 1));
    const other = await createOtherTenant(ctx.db);
    const tenantId = other.tenant.id;
    const thresholds = [0, 1, 49_999, 50_000, 50_001, 199_999, 200_000, 200_001, 1_000_000];
    const spends = [
      ...thresholds,
      ...Array.from({ length: 400 - thresholds.length }, () => (rand() < 0.3 ? thresholds[int(thresholds.length - 1)] : int(2_500_000))),
    ];
    const tiers: Tier[] = ['SILVER', 'GOLD', 'PLATINUM'];
    await ctx.db
      .insert(customers)
      .values(spends.map((totalSpendCents, i) => ({ tenantId, firstName: `C${i}`, lastName: 'Retier', totalSpendCents, tier: tiers[i % 3] })));
    const demoBefore = await ctx.db
      .select({ id: customers.id, tier: customers.tier })
      .from(customers)
      .where(eq(customers.tenantId, demoId))
      .orderBy(customers.id);

    for (let round = 0; round < 60; round++) {
      const ruleSet: TierRuleInput[] = [];
      for (const tier of tiers) {
        const copies = rand() < 0.15 ? 0 : rand() < 0.1 ? 2 : 1;
        for (let k = 0; k < copies; k++) {
          ruleSet.push({
            tier,
            minTotalSpendCents: rand() < 0.4 ? thresholds[int(thresholds.length - 1)] : int(2_000_000),
            baseRateBps: int(500),
            isActive: rand() < 0.8,
          });
        }
      }
      // Shuffle: the order of the rules must not matter beyond evaluateTier's own tie rule.
      ruleSet.sort(() => rand() - 0.5);
      const before = await ctx.db.select().from(customers).where(eq(customers.tenantId, tenantId));
      const expectedChanges = before.filter((c) => c.tier !== evaluateTier(c.totalSpendCents, ruleSet)).length;
      const changed = await retierCustomers(ctx.db, tenantId, ruleSet);
      expect(changed, JSON.stringify(ruleSet)).toBe(expectedChanges);
      const after = await ctx.db.select().from(customers).where(eq(customers.tenantId, tenantId));
      for (const c of after) {
        expect(c.tier, `spend ${c.totalSpendCents} under ${JSON.stringify(ruleSet)}`).toBe(evaluateTier(c.totalSpendCents, ruleSet));
      }
    }
    expect(await ctx.db.select({ id: customers.id, tier: customers.tier }).from(customers).where(eq(customers.tenantId, demoId)).orderBy(customers.id)).toEqual(
      demoBefore,
    );
    // No rules at all: everyone SILVER.
    await retierCustomers(ctx.db, tenantId, []);
    const all = await ctx.db.select({ tier: customers.tier }).from(customers).where(eq(customers.tenantId, tenantId));
    expect(new Set(all.map((c) => c.tier))).toEqual(new Set(['SILVER']));
  });

  it("another tenant's running offer never reaches a demo earn", async () => {
    const other = await createOtherTenant(ctx.db);
    await ctx.db
      .insert(offers)
      .values({ tenantId: other.tenant.id, name: 'Theirs', rateMultiplierBps: 4000, startAt: new Date(Date.now() - HOUR), endAt: new Date(Date.now() + HOUR) });
    const holder = await holderOf('DEM0CARD0002');
    const expected = await expectedFromApi(5_000, 'PURCHASE', holder.tier);
    expect(json(await earn('DEM0CARD0002', 5_000, 'PURCHASE'))).toMatchObject({ rateBps: expected.rateBps, cashbackEarned: expected.cashbackCents });
  });
});

describe('a rules change racing an earn (PostgreSQL: needs two connections)', () => {
  it.skipIf(!process.env.DATABASE_URL)('an earn during an uncommitted tier change waits, then follows the new thresholds', async () => {
    await rules('POST', 'initialize');
    const [card] = await ctx.db.select().from(cards).where(eq(cards.cardUid, 'DEM0CARD0005'));
    // $250 spent, SILVER. The change lowers GOLD to $300: this customer stays SILVER at the change,
    // so the UPDATE alone would not lock them; the $100 earn then makes $350 → GOLD under the new rules.
    await ctx.db.update(customers).set({ totalSpendCents: 25_000, tier: 'SILVER' }).where(eq(customers.id, card.customerId!));
    let pending: Promise<{ statusCode: number; body: string }> | undefined;
    let settledBeforeCommit = false;
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(tierRules)
        .set({ minTotalSpendCents: 30_000 })
        .where(and(eq(tierRules.tenantId, demoId), eq(tierRules.tier, 'GOLD')));
      const stored = await tx.select().from(tierRules).where(eq(tierRules.tenantId, demoId));
      await retierCustomers(tx, demoId, stored);
      pending = earn('DEM0CARD0005', 10_000, 'PURCHASE');
      void pending.then(() => (settledBeforeCommit = true));
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(settledBeforeCommit).toBe(false);
    const res = await pending!;
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body).tier).toBe('GOLD');
    const [after] = await ctx.db.select().from(customers).where(eq(customers.id, card.customerId!));
    expect(after).toMatchObject({ totalSpendCents: 35_000, tier: 'GOLD' });
  });
});
