import { z } from 'zod';
import { CardStatus, TransactionType } from './enums.ts';

/**
 * Velocity limits against fraud (docs/product.md 'Velocity limits'): per card, earns a day and the
 * purchase amount of one earn; per card, the redemption total a day; per staff member, the
 * redemption total a day. Each limit either refuses the movement (422 VELOCITY_LIMIT) or accepts
 * it and flags it for review. Money is integer cents; "a day" is the business's own day.
 */

/** What a limit does when a movement would cross it: refuse it, or accept it and flag it for review. */
export const VelocityLimitAction = z.enum(['REFUSE', 'FLAG']);
export type VelocityLimitAction = z.infer<typeof VelocityLimitAction>;

/** The four limits, as named in a flag and in a refusal's `details.limit`. */
export const VelocityLimitKey = z.enum(['CARD_EARNS_PER_DAY', 'CARD_EARN_AMOUNT', 'CARD_REDEEM_PER_DAY', 'STAFF_REDEEM_PER_DAY']);
export type VelocityLimitKey = z.infer<typeof VelocityLimitKey>;

/** The largest money limit: $1,000,000.00 in cents. */
export const LIMIT_MAX_CENTS = 100_000_000;

const limitCents = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole cents`)
    .min(1, `${label} must be between $0.01 and $1,000,000.00`)
    .max(LIMIT_MAX_CENTS, `${label} must be between $0.01 and $1,000,000.00`);

/**
 * GET and PUT /api/t/{slug}/rules/limits: each limit off until switched on; a change applies to
 * the next movement.
 */
export const LimitSettings = z.object({
  cardEarnsPerDay: z.object({
    enabled: z.boolean(),
    count: z
      .number({ error: 'Earns per card a day must be a number' })
      .int('Earns per card a day must be a whole number')
      .min(1, 'Earns per card a day must be between 1 and 1000')
      .max(1000, 'Earns per card a day must be between 1 and 1000'),
    action: VelocityLimitAction,
  }),
  cardEarnAmount: z.object({ enabled: z.boolean(), amountCents: limitCents('Purchase amount per earn'), action: VelocityLimitAction }),
  cardRedeemPerDay: z.object({ enabled: z.boolean(), amountCents: limitCents('Redeemed per card a day'), action: VelocityLimitAction }),
  staffRedeemPerDay: z.object({ enabled: z.boolean(), amountCents: limitCents('Redeemed per staff member a day'), action: VelocityLimitAction }),
});
export type LimitSettings = z.infer<typeof LimitSettings>;

/** What a business that never saved its limits has: every limit off, with values to start from. */
export const DEFAULT_LIMIT_SETTINGS: LimitSettings = {
  cardEarnsPerDay: { enabled: false, count: 10, action: 'FLAG' },
  cardEarnAmount: { enabled: false, amountCents: 100_000, action: 'FLAG' },
  cardRedeemPerDay: { enabled: false, amountCents: 20_000, action: 'FLAG' },
  staffRedeemPerDay: { enabled: false, amountCents: 100_000, action: 'FLAG' },
};

/** Where a flag stands: waiting for review, dismissed, or closed by blocking the card. */
export const RiskFlagStatus = z.enum(['OPEN', 'DISMISSED', 'CARD_BLOCKED']);
export type RiskFlagStatus = z.infer<typeof RiskFlagStatus>;

/** A movement a flag holds: one that crossed the limit and was accepted (amount in cents, time ISO-8601). */
export const RiskFlagMovement = z.object({
  transactionId: z.string().max(36),
  type: TransactionType,
  amountCents: z.number().int(),
  createdAt: z.string().max(40),
});
export type RiskFlagMovement = z.infer<typeof RiskFlagMovement>;

const named = z.object({ id: z.string().max(36), name: z.string().max(400) });

/**
 * One flag of the Review list: one limit crossed on one card (for the staff limit: by one staff
 * member on one card) on one business day (`day`, YYYY-MM-DD), with every movement that crossed
 * it that day. `limitValue` is the limit as it was (a count for CARD_EARNS_PER_DAY, cents
 * otherwise). Times ISO-8601.
 */
export const RiskFlagItem = z.object({
  id: z.string().max(36),
  limit: VelocityLimitKey,
  limitValue: z.number().int(),
  day: z.string().max(10),
  status: RiskFlagStatus,
  createdAt: z.string().max(40),
  reviewedAt: z.string().max(40).nullable(),
  reviewedBy: z.string().max(400).nullable(),
  card: z.object({ uid: z.string().max(64), status: CardStatus }),
  holder: named.nullable(),
  staff: named.nullable(),
  store: named.nullable(),
  movements: z.array(RiskFlagMovement).max(1000),
});
export type RiskFlagItem = z.infer<typeof RiskFlagItem>;

/** GET /api/t/{slug}/risk/flags query: `status` OPEN (the default) or ALL (newest first, at most 200). */
export const RiskFlagListQuery = z.object({ status: z.enum(['OPEN', 'ALL']).default('OPEN') });
export type RiskFlagListQuery = z.infer<typeof RiskFlagListQuery>;

/** GET /api/t/{slug}/risk/flags answer. */
export const RiskFlagList = z.object({ items: z.array(RiskFlagItem).max(200), openCount: z.number().int() });
export type RiskFlagList = z.infer<typeof RiskFlagList>;

/** Message of a 409 on a flag that was already reviewed. */
export const RISK_FLAG_REVIEWED = 'This flag was already reviewed';
