import type { Tier } from '@loyalty/contract';

/** A tier rule as the domain needs it. Money in cents, rates in bps. */
export interface TierRuleInput {
  tier: Tier;
  minTotalSpendCents: number;
  baseRateBps: number;
  isActive: boolean;
}

/**
 * The customer's tier for a total spend: the highest active tier rule whose
 * `minTotalSpendCents` ≤ totalSpendCents, SILVER when none (docs/product.md 'Tiers').
 * "Highest" is the rule with the largest threshold.
 */
export function evaluateTier(totalSpendCents: number, rules: readonly TierRuleInput[]): Tier {
  let best: TierRuleInput | undefined;
  for (const rule of rules) {
    if (!rule.isActive || rule.minTotalSpendCents > totalSpendCents) continue;
    if (!best || rule.minTotalSpendCents > best.minTotalSpendCents) best = rule;
  }
  return best?.tier ?? 'SILVER';
}

/** Default tier rules for a new tenant (docs/product.md 'Cashback'). */
export const DEFAULT_TIER_RULES: readonly (TierRuleInput & { name: string })[] = [
  { tier: 'SILVER', name: 'Silver', minTotalSpendCents: 0, baseRateBps: 0, isActive: true },
  { tier: 'GOLD', name: 'Gold', minTotalSpendCents: 50_000, baseRateBps: 100, isActive: true },
  { tier: 'PLATINUM', name: 'Platinum', minTotalSpendCents: 200_000, baseRateBps: 200, isActive: true },
];
