import { z } from 'zod';
import { Category, Tier } from './enums.ts';

/**
 * Rules & Settings: cashback rules, tier rules and offers (docs/product.md 'Cashback', 'Tiers',
 * 'Offers'). Rates are basis points (0–10000 = 0–100 %), money is integer cents, timestamps ISO
 * 8601.
 */

const bps = z
  .number({ error: 'Rate must be a number' })
  .int('Rate must be whole basis points')
  .min(0, 'Rate must be between 0 and 100%')
  .max(10_000, 'Rate must be between 0 and 100%');

/** One cashback rule: a rate per category. */
export const CashbackRule = z.object({ id: z.string(), category: Category, baseRateBps: z.number().int(), isActive: z.boolean() });
export type CashbackRule = z.infer<typeof CashbackRule>;

/** PUT /rules/cashback body: the whole set, at most one rule per category; replaces the set atomically. */
export const CashbackRulesRequest = z.object({
  rules: z
    .array(z.object({ category: Category, baseRateBps: bps, isActive: z.boolean().default(true) }))
    .max(3)
    .refine((rules) => new Set(rules.map((r) => r.category)).size === rules.length, 'Each category may have one rule only'),
});
export type CashbackRulesRequest = z.infer<typeof CashbackRulesRequest>;

/** GET and PUT /rules/cashback answer. */
export const CashbackRulesResponse = z.object({ rules: z.array(CashbackRule) });
export type CashbackRulesResponse = z.infer<typeof CashbackRulesResponse>;

/** One tier rule: minimum total spend in cents, bonus in bps. */
export const TierRule = z.object({
  id: z.string(),
  tier: Tier,
  name: z.string(),
  minTotalSpendCents: z.number().int(),
  baseRateBps: z.number().int(),
  isActive: z.boolean(),
});
export type TierRule = z.infer<typeof TierRule>;

/**
 * PUT /rules/tiers body: SILVER, GOLD, PLATINUM (each at most once). Thresholds must rise
 * with the tier among the rules given (GOLD above SILVER, PLATINUM above GOLD): the server
 * answers 400 'Tier thresholds must increase: SILVER < GOLD < PLATINUM' otherwise.
 */
export const TierRulesRequest = z.object({
  rules: z
    .array(
      z.object({
        tier: Tier,
        name: z.string().trim().min(1, 'Tier name is required').max(50),
        minTotalSpendCents: z
          .number({ error: 'Minimum spend must be a number' })
          .int('Minimum spend must be whole cents')
          .min(0, 'Minimum spend must be 0 or more')
          .max(1_000_000_000),
        baseRateBps: bps,
        isActive: z.boolean().default(true),
      }),
    )
    .max(3)
    .refine((rules) => new Set(rules.map((r) => r.tier)).size === rules.length, 'Each tier may have one rule only'),
});
export type TierRulesRequest = z.infer<typeof TierRulesRequest>;

/** GET and PUT /rules/tiers answer (PUT also says how many customers changed tier). */
export const TierRulesResponse = z.object({ rules: z.array(TierRule), customersRetiered: z.number().int().optional() });
export type TierRulesResponse = z.infer<typeof TierRulesResponse>;

/** POST /rules/initialize answer: the default rules (docs/product.md 'Cashback'), now in force. */
export const InitializeRulesResponse = z.object({ cashbackRules: z.array(CashbackRule), tierRules: z.array(TierRule) });
export type InitializeRulesResponse = z.infer<typeof InitializeRulesResponse>;

/** An offer: a bonus in bps while active and startAt ≤ now ≤ endAt. */
export const Offer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  rateMultiplierBps: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof Offer>;

/** POST /rules/offers and PUT /rules/offers/{id} body: endAt must be after startAt. */
export const OfferInput = z
  .object({
    name: z.string({ error: 'Offer name is required' }).trim().min(1, 'Offer name is required').max(100),
    description: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(500).nullish()),
    rateMultiplierBps: bps,
    startAt: z.string({ error: 'Start date is required' }).datetime({ offset: true, message: 'Start date is required' }),
    endAt: z.string({ error: 'End date is required' }).datetime({ offset: true, message: 'End date is required' }),
    isActive: z.boolean().default(true),
  })
  .refine((o) => Date.parse(o.endAt) > Date.parse(o.startAt), { message: 'End date must be after the start date', path: ['endAt'] });
export type OfferInput = z.infer<typeof OfferInput>;

/** GET /rules/offers answer: newest first. */
export const OfferListResponse = z.object({ offers: z.array(Offer) });
export type OfferListResponse = z.infer<typeof OfferListResponse>;
