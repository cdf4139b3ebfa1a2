import type { Category, Tier } from '@loyalty/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_RATE_CAP_BPS, type CashbackInput, type CashbackRuleInput, computeCashback, DEFAULT_CASHBACK_RULES, TOTAL_RATE_CAP_BPS } from '../src/cashback.ts';
import { isOfferRunning, type OfferInput } from '../src/offers.ts';
import { DEFAULT_TIER_RULES, evaluateTier, type TierRuleInput } from '../src/tiers.ts';

const NOW = new Date('2025-06-15T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const DAY = 86_400_000;

const offer = (rateMultiplierBps: number, startOffsetMs = -DAY, endOffsetMs = DAY, isActive = true): OfferInput => ({
  rateMultiplierBps,
  startAt: at(startOffsetMs),
  endAt: at(endOffsetMs),
  isActive,
});

const input = (over: Partial<CashbackInput> = {}): CashbackInput => ({
  amountCents: 10_000,
  category: 'PURCHASE',
  tier: 'SILVER',
  cashbackRules: DEFAULT_CASHBACK_RULES,
  tierRules: DEFAULT_TIER_RULES,
  offers: [],
  now: NOW,
  ...over,
});

describe('constants and defaults', () => {
  it('caps are 2000 bps (base) and 5000 bps (total)', () => {
    expect(BASE_RATE_CAP_BPS).toBe(2000);
    expect(TOTAL_RATE_CAP_BPS).toBe(5000);
  });

  it('default rules are PURCHASE 200, REPAIR 300, OTHER 100 bps, all active', () => {
    expect(DEFAULT_CASHBACK_RULES).toEqual([
      { category: 'PURCHASE', baseRateBps: 200, isActive: true },
      { category: 'REPAIR', baseRateBps: 300, isActive: true },
      { category: 'OTHER', baseRateBps: 100, isActive: true },
    ]);
  });
});

describe('isOfferRunning (startAt ≤ now ≤ endAt, active)', () => {
  it.each<[string, OfferInput, boolean]>([
    ['window around now', offer(100), true],
    ['starts exactly now', offer(100, 0, DAY), true],
    ['ends exactly now', offer(100, -DAY, 0), true],
    ['starts and ends exactly now', offer(100, 0, 0), true],
    ['ended 1 ms ago', offer(100, -DAY, -1), false],
    ['starts in 1 ms', offer(100, 1, DAY), false],
    ['inactive, window around now', offer(100, -DAY, DAY, false), false],
    ['inactive, starts exactly now', offer(100, 0, DAY, false), false],
    ['inverted window', offer(100, 1, -1), false],
  ])('%s → %s', (_, o, expected) => {
    expect(isOfferRunning(o, NOW)).toBe(expected);
  });
});

describe('computeCashback: table of cases', () => {
  type Case = [name: string, over: Partial<CashbackInput>, rateBps: number, cashbackCents: number];
  const cases: Case[] = [
    // Categories, SILVER (tier bonus 0), $100.00.
    ['PURCHASE, SILVER', { category: 'PURCHASE' }, 200, 200],
    ['REPAIR, SILVER', { category: 'REPAIR' }, 300, 300],
    ['OTHER, SILVER', { category: 'OTHER' }, 100, 100],
    // Tier bonus.
    ['PURCHASE, GOLD (+100)', { tier: 'GOLD' }, 300, 300],
    ['PURCHASE, PLATINUM (+200)', { tier: 'PLATINUM' }, 400, 400],
    ['REPAIR, PLATINUM', { category: 'REPAIR', tier: 'PLATINUM' }, 500, 500],
    ['OTHER, GOLD', { category: 'OTHER', tier: 'GOLD' }, 200, 200],
    ['inactive tier rule → bonus 0', { tier: 'GOLD', tierRules: [{ tier: 'GOLD', minTotalSpendCents: 0, baseRateBps: 100, isActive: false }] }, 200, 200],
    ['no tier rules → bonus 0', { tier: 'PLATINUM', tierRules: [] }, 200, 200],
    // Category rule missing or inactive → base 0.
    ['inactive category rule → 0 base', { cashbackRules: [{ category: 'PURCHASE', baseRateBps: 200, isActive: false }] }, 0, 0],
    [
      'inactive category rule, GOLD → tier bonus only',
      { tier: 'GOLD', cashbackRules: [{ category: 'PURCHASE', baseRateBps: 200, isActive: false }] },
      100,
      100,
    ],
    ['no rule for the category → 0 base', { category: 'REPAIR', cashbackRules: [{ category: 'PURCHASE', baseRateBps: 200, isActive: true }] }, 0, 0],
    ['no rules at all', { cashbackRules: [], tierRules: [] }, 0, 0],
    [
      'inactive duplicate ignored, active one used',
      {
        cashbackRules: [
          { category: 'PURCHASE', baseRateBps: 900, isActive: false },
          { category: 'PURCHASE', baseRateBps: 250, isActive: true },
        ],
      },
      250,
      250,
    ],
    [
      'inactive category rule + running offer → offer only',
      { cashbackRules: [{ category: 'PURCHASE', baseRateBps: 200, isActive: false }], offers: [offer(150)] },
      150,
      150,
    ],
    // Base cap 2000 (category + tier), applied before offers.
    [
      'category 1800 + tier 100 = 1900 (under the cap)',
      { tier: 'GOLD', cashbackRules: [{ category: 'PURCHASE', baseRateBps: 1800, isActive: true }] },
      1900,
      1900,
    ],
    [
      'category 1800 + tier 200 = 2000 (at the cap)',
      { tier: 'PLATINUM', cashbackRules: [{ category: 'PURCHASE', baseRateBps: 1800, isActive: true }] },
      2000,
      2000,
    ],
    [
      'category 1900 + tier 500 → capped at 2000',
      {
        tier: 'GOLD',
        cashbackRules: [{ category: 'PURCHASE', baseRateBps: 1900, isActive: true }],
        tierRules: [{ tier: 'GOLD', minTotalSpendCents: 0, baseRateBps: 500, isActive: true }],
      },
      2000,
      2000,
    ],
    ['category 3000 alone → capped at 2000', { cashbackRules: [{ category: 'PURCHASE', baseRateBps: 3000, isActive: true }] }, 2000, 2000],
    [
      'base capped at 2000 then offers added: 2000 + 1000 = 3000 (not 3500)',
      { cashbackRules: [{ category: 'PURCHASE', baseRateBps: 2500, isActive: true }], offers: [offer(1000)] },
      3000,
      3000,
    ],
    // Offers.
    ['one running offer adds its bps', { offers: [offer(300)] }, 500, 500],
    ['two running offers add up', { tier: 'GOLD', offers: [offer(300), offer(700)] }, 1300, 1300],
    ['offer starting exactly now counts', { offers: [offer(300, 0, DAY)] }, 500, 500],
    ['offer ending exactly now counts', { offers: [offer(300, -DAY, 0)] }, 500, 500],
    ['offer ended 1 ms ago does not count', { offers: [offer(300, -DAY, -1)] }, 200, 200],
    ['offer starting 1 ms later does not count', { offers: [offer(300, 1, DAY)] }, 200, 200],
    ['inactive offer does not count', { offers: [offer(300, -DAY, DAY, false)] }, 200, 200],
    [
      'mix: only the running active offers count',
      { offers: [offer(100), offer(200, 0, 0), offer(400, -DAY, -1), offer(800, 1, DAY), offer(1600, -DAY, DAY, false)] },
      500,
      500,
    ],
    ['negative offer bps counts as 0', { offers: [offer(-500), offer(100)] }, 300, 300],
    // Total cap 5000 with several overlapping offers.
    ['offers up to exactly 5000', { offers: [offer(2000), offer(2000), offer(800)] }, 5000, 5000],
    ['several overlapping offers → capped at 5000', { tier: 'PLATINUM', offers: [offer(2000), offer(2000), offer(1500)] }, 5000, 5000],
    [
      'capped base 2000 + offers 4000 → 5000',
      { cashbackRules: [{ category: 'PURCHASE', baseRateBps: 9000, isActive: true }], offers: [offer(1000), offer(1000), offer(2000)] },
      5000,
      5000,
    ],
    ['a single huge offer → 5000', { offers: [offer(1_000_000)] }, 5000, 5000],
    // Negative configured rates count as 0.
    ['negative category rate → 0', { cashbackRules: [{ category: 'PURCHASE', baseRateBps: -300, isActive: true }], tier: 'GOLD' }, 100, 100],
    // Amounts and floor rounding.
    ['zero amount → 0 cashback, rate still reported', { amountCents: 0 }, 200, 0],
    ['199 cents at 200 bps → floor(3.98) = 3', { amountCents: 199 }, 200, 3],
    ['49 cents at 200 bps → 0', { amountCents: 49 }, 200, 0],
    ['50 cents at 200 bps → 1', { amountCents: 50 }, 200, 1],
    ['1 cent at 5000 bps → 0', { amountCents: 1, offers: [offer(5000)] }, 5000, 0],
    ['3 cents at 5000 bps → floor(1.5) = 1', { amountCents: 3, offers: [offer(5000)] }, 5000, 1],
    ['12345 cents REPAIR PLATINUM (500) → 617', { amountCents: 12_345, category: 'REPAIR', tier: 'PLATINUM' }, 500, 617],
    ['$1,000,000.00 at 5000 bps → $500,000.00', { amountCents: 100_000_000, offers: [offer(5000)] }, 5000, 50_000_000],
    ['fractional amount truncated to cents (199.9 → 199)', { amountCents: 199.9 }, 200, 3],
    ['negative amount → 0 cashback', { amountCents: -1000 }, 200, 0],
  ];

  it.each(cases)('%s', (_, over, rateBps, cashbackCents) => {
    expect(computeCashback(input(over))).toEqual({ rateBps, cashbackCents });
  });

  it('uses the tier it is given (tier before the purchase), not one derived from the amount', () => {
    // A $600 purchase by a SILVER customer crosses GOLD's $500 threshold but earns at SILVER.
    expect(computeCashback(input({ amountCents: 60_000, tier: 'SILVER' }))).toEqual({ rateBps: 200, cashbackCents: 1200 });
    expect(computeCashback(input({ amountCents: 60_000, tier: 'GOLD' }))).toEqual({ rateBps: 300, cashbackCents: 1800 });
  });

  it('offer boundaries are millisecond-exact around a moving now', () => {
    const o = offer(1000, 0, 10); // NOW … NOW+10ms
    const rateAt = (ms: number) => computeCashback(input({ offers: [o], now: at(ms) })).rateBps;
    expect([-1, 0, 5, 10, 11].map(rateAt)).toEqual([200, 1200, 1200, 1200, 200]);
  });
});

describe('computeCashback: properties', () => {
  const categoryArb = fc.constantFrom<Category>('PURCHASE', 'REPAIR', 'OTHER');
  const tierArb = fc.constantFrom<Tier>('SILVER', 'GOLD', 'PLATINUM');
  const cashbackRuleArb: fc.Arbitrary<CashbackRuleInput> = fc.record({
    category: categoryArb,
    baseRateBps: fc.integer({ min: -1000, max: 10_000 }),
    isActive: fc.boolean(),
  });
  const tierRuleArb: fc.Arbitrary<TierRuleInput> = fc.record({
    tier: tierArb,
    minTotalSpendCents: fc.nat(1_000_000),
    baseRateBps: fc.integer({ min: -1000, max: 10_000 }),
    isActive: fc.boolean(),
  });
  const offerArb: fc.Arbitrary<OfferInput> = fc
    .record({
      rateMultiplierBps: fc.integer({ min: -1000, max: 6000 }),
      start: fc.integer({ min: -5, max: 5 }),
      length: fc.integer({ min: 0, max: 10 }),
      isActive: fc.boolean(),
    })
    .map(({ rateMultiplierBps, start, length, isActive }) => ({
      rateMultiplierBps,
      startAt: at(start),
      endAt: at(start + length),
      isActive,
    }));
  const contextArb = fc.record({
    category: categoryArb,
    tier: tierArb,
    cashbackRules: fc.array(cashbackRuleArb, { maxLength: 6 }),
    tierRules: fc.array(tierRuleArb, { maxLength: 6 }),
    offers: fc.array(offerArb, { maxLength: 6 }),
    now: fc.integer({ min: -3, max: 3 }).map(at),
  });
  const amountArb = fc.nat(100_000_000);

  /** Independent reading of docs/product.md 'Cashback'. */
  function reference(i: CashbackInput): CashbackResult {
    const nonNeg = (n: number | undefined) => Math.max(0, n ?? 0);
    const cat = nonNeg(i.cashbackRules.find((r) => r.isActive && r.category === i.category)?.baseRateBps);
    const bonus = nonNeg(i.tierRules.find((r) => r.isActive && r.tier === i.tier)?.baseRateBps);
    let offers = 0;
    for (const o of i.offers) {
      if (o.isActive && +o.startAt <= +i.now && +i.now <= +o.endAt) offers += nonNeg(o.rateMultiplierBps);
    }
    const rateBps = Math.min(Math.min(cat + bonus, 2000) + offers, 5000);
    return { rateBps, cashbackCents: Number((BigInt(i.amountCents) * BigInt(rateBps)) / 10_000n) };
  }
  type CashbackResult = ReturnType<typeof computeCashback>;

  it('property: matches an independent implementation of the formula', () => {
    fc.assert(
      fc.property(amountArb, contextArb, (amountCents, ctx) => {
        const i = { ...ctx, amountCents };
        expect(computeCashback(i)).toEqual(reference(i));
      }),
      { numRuns: 1000 },
    );
  });

  it('property: cashback is an integer in [0, floor(amount × 5000 / 10000)]', () => {
    fc.assert(
      fc.property(amountArb, contextArb, (amountCents, ctx) => {
        const { cashbackCents } = computeCashback({ ...ctx, amountCents });
        expect(Number.isInteger(cashbackCents)).toBe(true);
        expect(cashbackCents).toBeGreaterThanOrEqual(0);
        expect(cashbackCents).toBeLessThanOrEqual(Math.floor((amountCents * 5000) / 10_000));
      }),
      { numRuns: 500 },
    );
  });

  it('property: rateBps is an integer within [0, 5000] and does not depend on the amount', () => {
    fc.assert(
      fc.property(amountArb, amountArb, contextArb, (a, b, ctx) => {
        const { rateBps } = computeCashback({ ...ctx, amountCents: a });
        expect(Number.isInteger(rateBps)).toBe(true);
        expect(rateBps).toBeGreaterThanOrEqual(0);
        expect(rateBps).toBeLessThanOrEqual(TOTAL_RATE_CAP_BPS);
        expect(computeCashback({ ...ctx, amountCents: b }).rateBps).toBe(rateBps);
      }),
      { numRuns: 500 },
    );
  });

  it('property: monotonic in amount', () => {
    fc.assert(
      fc.property(amountArb, amountArb, contextArb, (a, b, ctx) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(computeCashback({ ...ctx, amountCents: lo }).cashbackCents).toBeLessThanOrEqual(computeCashback({ ...ctx, amountCents: hi }).cashbackCents);
      }),
      { numRuns: 500 },
    );
  });

  it('property: cashback = floor(amount × rate / 10000) exactly', () => {
    fc.assert(
      fc.property(amountArb, contextArb, (amountCents, ctx) => {
        const { rateBps, cashbackCents } = computeCashback({ ...ctx, amountCents });
        expect(cashbackCents * 10_000).toBeLessThanOrEqual(amountCents * rateBps);
        expect((cashbackCents + 1) * 10_000).toBeGreaterThan(amountCents * rateBps);
      }),
    );
  });

  it('property: base part (without offers) never exceeds 2000 bps', () => {
    fc.assert(
      fc.property(amountArb, contextArb, (amountCents, ctx) => {
        expect(computeCashback({ ...ctx, amountCents, offers: [] }).rateBps).toBeLessThanOrEqual(BASE_RATE_CAP_BPS);
      }),
    );
  });

  it('property: the order of offers does not matter; inactive or non-running offers change nothing', () => {
    fc.assert(
      fc.property(amountArb, contextArb, (amountCents, ctx) => {
        const i = { ...ctx, amountCents };
        const expected = computeCashback(i);
        expect(computeCashback({ ...i, offers: [...i.offers].reverse() })).toEqual(expected);
        expect(computeCashback({ ...i, offers: i.offers.filter((o) => isOfferRunning(o, i.now)) })).toEqual(expected);
      }),
    );
  });

  it('property: adding a running offer never lowers the rate or the cashback', () => {
    fc.assert(
      fc.property(amountArb, contextArb, fc.integer({ min: -1000, max: 6000 }), (amountCents, ctx, bps) => {
        const before = computeCashback({ ...ctx, amountCents });
        const after = computeCashback({
          ...ctx,
          amountCents,
          offers: [...ctx.offers, { rateMultiplierBps: bps, startAt: ctx.now, endAt: ctx.now, isActive: true }],
        });
        expect(after.rateBps).toBeGreaterThanOrEqual(before.rateBps);
        expect(after.cashbackCents).toBeGreaterThanOrEqual(before.cashbackCents);
      }),
    );
  });
});

describe('a purchase that crosses a tier threshold (docs/decisions/0003-tier-applies-after.md)', () => {
  /** One earn as the server does it: cashback at the tier held before, then total spend and tier updated. */
  function purchase(state: { totalSpendCents: number; tier: Tier }, amountCents: number, over: Partial<CashbackInput> = {}) {
    const i = input({ amountCents, tier: state.tier, ...over });
    const result = computeCashback(i);
    const totalSpendCents = state.totalSpendCents + amountCents;
    return { ...result, next: { totalSpendCents, tier: evaluateTier(totalSpendCents, i.tierRules) } };
  }

  it.each<[string, { totalSpendCents: number; tier: Tier }, number, number, Tier, number]>([
    // [name, before, amount, rate of this purchase, tier after, rate of the next purchase]
    ['SILVER $499 + $1.00 lands exactly on GOLD $500', { totalSpendCents: 49_900, tier: 'SILVER' }, 100, 200, 'GOLD', 300],
    ['SILVER $499.99 + $0.01 crosses GOLD by the last cent', { totalSpendCents: 49_999, tier: 'SILVER' }, 1, 200, 'GOLD', 300],
    ['SILVER $400 + $100 → GOLD', { totalSpendCents: 40_000, tier: 'SILVER' }, 10_000, 200, 'GOLD', 300],
    ['SILVER $0 + $2,500 jumps straight to PLATINUM', { totalSpendCents: 0, tier: 'SILVER' }, 250_000, 200, 'PLATINUM', 400],
    ['GOLD $1,999 + $1.00 → PLATINUM', { totalSpendCents: 199_900, tier: 'GOLD' }, 100, 300, 'PLATINUM', 400],
    ['SILVER $100 + $1 stays SILVER', { totalSpendCents: 10_000, tier: 'SILVER' }, 100, 200, 'SILVER', 200],
  ])('%s', (_, before, amount, rateNow, tierAfter, rateNext) => {
    const first = purchase(before, amount);
    expect(first.rateBps).toBe(rateNow);
    expect(first.cashbackCents).toBe(Math.floor((amount * rateNow) / 10_000));
    expect(first.next.tier).toBe(tierAfter);
    const second = purchase(first.next, 10_000);
    expect(second.rateBps).toBe(rateNext);
    expect(second.cashbackCents).toBe(rateNext); // $100.00 × rate bps / 10000 = rate cents
  });

  it('the crossing purchase and the next one, with a running offer and an inactive GOLD bonus', () => {
    const tierRules: TierRuleInput[] = [
      { tier: 'SILVER', minTotalSpendCents: 0, baseRateBps: 0, isActive: true },
      { tier: 'GOLD', minTotalSpendCents: 50_000, baseRateBps: 100, isActive: true },
      { tier: 'PLATINUM', minTotalSpendCents: 60_000, baseRateBps: 900, isActive: false },
    ];
    const over = { tierRules, offers: [offer(250), offer(700, -DAY, -1)] };
    const first = purchase({ totalSpendCents: 45_000, tier: 'SILVER' }, 20_000, over);
    // SILVER 0 + PURCHASE 200 + the one running offer 250; the inactive PLATINUM rule does not count for the tier.
    expect(first).toEqual({ rateBps: 450, cashbackCents: 900, next: { totalSpendCents: 65_000, tier: 'GOLD' } });
    expect(purchase(first.next, 20_000, over)).toMatchObject({ rateBps: 550, cashbackCents: 1100 });
  });
});
