import type { Category, Tier } from '@loyalty/contract';
import { isOfferRunning, type OfferInput } from './offers.ts';
import type { TierRuleInput } from './tiers.ts';

/** Cap of category rate + tier bonus, in bps (docs/product.md 'Cashback'). */
export const BASE_RATE_CAP_BPS = 2000;
/** Cap of the whole rate including offers, in bps (docs/product.md 'Cashback'). */
export const TOTAL_RATE_CAP_BPS = 5000;

/** A cashback rule: one per category, rate in bps. */
export interface CashbackRuleInput {
  category: Category;
  baseRateBps: number;
  isActive: boolean;
}

/** Everything the cashback formula reads. amountCents: the purchase, integer cents ≥ 0. */
export interface CashbackInput {
  amountCents: number;
  category: Category;
  tier: Tier;
  cashbackRules: readonly CashbackRuleInput[];
  tierRules: readonly TierRuleInput[];
  offers: readonly OfferInput[];
  now: Date;
}

/** The rate that applied and the cashback it yields, both integers (bps, cents). */
export interface CashbackResult {
  rateBps: number;
  cashbackCents: number;
}

/** Default cashback rules for a new tenant (docs/product.md 'Cashback'). */
export const DEFAULT_CASHBACK_RULES: readonly CashbackRuleInput[] = [
  { category: 'PURCHASE', baseRateBps: 200, isActive: true },
  { category: 'REPAIR', baseRateBps: 300, isActive: true },
  { category: 'OTHER', baseRateBps: 100, isActive: true },
];

/**
 * The cashback rate and amount of one earn (docs/product.md 'Cashback'):
 * rate = min(min(categoryRate + tierBonus, 2000) + Σ running offers, 5000) bps (running:
 * `isOfferRunning`, the one offer window of offers.ts);
 * cashback = floor(amountCents × rate / 10000).
 * The tier is the customer's tier before this purchase: a purchase that crosses a threshold
 * earns at the old tier, the next one at the new tier (docs/decisions/0003-tier-applies-after.md).
 */
export function computeCashback(input: CashbackInput): CashbackResult {
  const categoryRate = input.cashbackRules.find((r) => r.isActive && r.category === input.category)?.baseRateBps ?? 0;
  const tierBonus = input.tierRules.find((r) => r.isActive && r.tier === input.tier)?.baseRateBps ?? 0;
  const base = Math.min(Math.max(categoryRate, 0) + Math.max(tierBonus, 0), BASE_RATE_CAP_BPS);
  const offerBonus = input.offers.filter((o) => isOfferRunning(o, input.now)).reduce((sum, o) => sum + Math.max(o.rateMultiplierBps, 0), 0);
  const rateBps = Math.min(base + offerBonus, TOTAL_RATE_CAP_BPS);
  const amount = Math.max(0, Math.trunc(input.amountCents));
  // amount ≤ 1e8 and rate ≤ 5000 keep the product far below 2^53.
  const cashbackCents = Math.floor((amount * rateBps) / 10_000);
  return { rateBps, cashbackCents };
}
