import type { Tier } from '@loyalty/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER_RULES, evaluateTier, type TierRuleInput } from '../src/tiers.ts';

const rule = (tier: Tier, minTotalSpendCents: number, isActive = true, baseRateBps = 0): TierRuleInput => ({
  tier,
  minTotalSpendCents,
  baseRateBps,
  isActive,
});

describe('DEFAULT_TIER_RULES', () => {
  it('are SILVER 0 bps from $0, GOLD +100 bps from $500, PLATINUM +200 bps from $2,000, all active', () => {
    expect(DEFAULT_TIER_RULES.map(({ tier, minTotalSpendCents, baseRateBps, isActive }) => [tier, minTotalSpendCents, baseRateBps, isActive])).toEqual([
      ['SILVER', 0, 0, true],
      ['GOLD', 50_000, 100, true],
      ['PLATINUM', 200_000, 200, true],
    ]);
  });
});

describe('evaluateTier', () => {
  it('no rules → SILVER for any spend', () => {
    for (const spend of [0, 1, 50_000, 200_000, 1e12]) expect(evaluateTier(spend, [])).toBe('SILVER');
  });

  it.each<[number, Tier]>([
    [0, 'SILVER'],
    [1, 'SILVER'],
    [49_999, 'SILVER'],
    [50_000, 'GOLD'],
    [50_001, 'GOLD'],
    [199_999, 'GOLD'],
    [200_000, 'PLATINUM'],
    [200_001, 'PLATINUM'],
    [1e12, 'PLATINUM'],
  ])('default rules, spend %d → %s (thresholds inclusive)', (spend, tier) => {
    expect(evaluateTier(spend, DEFAULT_TIER_RULES)).toBe(tier);
  });

  it('spend below every threshold → SILVER fallback', () => {
    expect(evaluateTier(10, [rule('GOLD', 50_000), rule('PLATINUM', 200_000)])).toBe('SILVER');
    expect(evaluateTier(-1, DEFAULT_TIER_RULES)).toBe('SILVER');
  });

  it('skips inactive rules', () => {
    const noGold = [rule('SILVER', 0), rule('GOLD', 50_000, false), rule('PLATINUM', 200_000)];
    expect(evaluateTier(60_000, noGold)).toBe('SILVER');
    expect(evaluateTier(250_000, noGold)).toBe('PLATINUM');
    const noPlatinum = [rule('SILVER', 0), rule('GOLD', 50_000), rule('PLATINUM', 200_000, false)];
    expect(evaluateTier(300_000, noPlatinum)).toBe('GOLD');
    expect(evaluateTier(300_000, [rule('GOLD', 0, false), rule('PLATINUM', 0, false)])).toBe('SILVER');
  });

  it('the highest threshold wins, whatever the order of the rules', () => {
    const reversed = [...DEFAULT_TIER_RULES].reverse();
    const shuffled = [DEFAULT_TIER_RULES[1]!, DEFAULT_TIER_RULES[2]!, DEFAULT_TIER_RULES[0]!];
    for (const rules of [reversed, shuffled]) {
      expect(evaluateTier(0, rules)).toBe('SILVER');
      expect(evaluateTier(50_000, rules)).toBe('GOLD');
      expect(evaluateTier(199_999, rules)).toBe('GOLD');
      expect(evaluateTier(200_000, rules)).toBe('PLATINUM');
    }
  });

  it('"highest" is by threshold, not by tier name', () => {
    // A tenant that configured GOLD above PLATINUM gets GOLD at the top.
    const odd = [rule('SILVER', 0), rule('PLATINUM', 10_000), rule('GOLD', 90_000)];
    expect(evaluateTier(20_000, odd)).toBe('PLATINUM');
    expect(evaluateTier(90_000, odd)).toBe('GOLD');
  });

  it('equal thresholds: the earlier rule in the list wins (what the re-tier SQL mirrors; the Rules API refuses equal thresholds)', () => {
    expect(evaluateTier(60_000, [rule('GOLD', 50_000), rule('PLATINUM', 50_000)])).toBe('GOLD');
    expect(evaluateTier(60_000, [rule('PLATINUM', 50_000), rule('GOLD', 50_000)])).toBe('PLATINUM');
    expect(evaluateTier(60_000, [rule('PLATINUM', 50_000, false), rule('GOLD', 50_000)])).toBe('GOLD');
  });

  const tierArb = fc.constantFrom<Tier>('SILVER', 'GOLD', 'PLATINUM');
  const ruleArb = fc.record({
    tier: tierArb,
    minTotalSpendCents: fc.integer({ min: 0, max: 1_000_000 }),
    baseRateBps: fc.integer({ min: 0, max: 2000 }),
    isActive: fc.boolean(),
  });

  it('property: the result is SILVER when no active rule applies, else the tier of an applicable rule with the largest threshold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_200_000 }), fc.array(ruleArb, { maxLength: 8 }), (spend, rules) => {
        const applicable = rules.filter((r) => r.isActive && r.minTotalSpendCents <= spend);
        const tier = evaluateTier(spend, rules);
        if (applicable.length === 0) {
          expect(tier).toBe('SILVER');
          return;
        }
        const top = Math.max(...applicable.map((r) => r.minTotalSpendCents));
        expect(applicable.filter((r) => r.minTotalSpendCents === top).map((r) => r.tier)).toContain(tier);
      }),
    );
  });

  it('property: order of rules does not matter when thresholds are distinct', () => {
    const distinctRules = fc.uniqueArray(ruleArb, { maxLength: 8, selector: (r) => r.minTotalSpendCents });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_200_000 }),
        distinctRules.chain((rules) => fc.tuple(fc.constant(rules), fc.shuffledSubarray(rules, { minLength: rules.length, maxLength: rules.length }))),
        (spend, [rules, shuffled]) => {
          expect(evaluateTier(spend, shuffled)).toBe(evaluateTier(spend, rules));
        },
      ),
    );
  });

  it('property: with the default rules, more spend never lowers the tier', () => {
    const rank: Record<Tier, number> = { SILVER: 0, GOLD: 1, PLATINUM: 2 };
    fc.assert(
      fc.property(fc.nat(1e9), fc.nat(1e9), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(rank[evaluateTier(lo, DEFAULT_TIER_RULES)]).toBeLessThanOrEqual(rank[evaluateTier(hi, DEFAULT_TIER_RULES)]);
      }),
    );
  });
});
