import { z } from 'zod';

/**
 * Rewards that grow the programme (docs/product.md 'Rewards'): the settings of the welcome bonus,
 * the birthday reward, referrals and win-back offers; customers' birthdays and referral codes.
 * Money is integer cents.
 */

/** The largest amount of any reward setting: $1,000.00 in cents. */
export const REWARD_MAX_CENTS = 100_000;

const rewardCents = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} must be between $0.00 and $1,000.00`)
    .max(REWARD_MAX_CENTS, `${label} must be between $0.00 and $1,000.00`);

const wholeBetween = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

/**
 * GET and PUT /api/t/{slug}/rules/rewards: each reward off by default; a change applies from then
 * on (a bonus already credited stays).
 */
export const RewardSettings = z.object({
  welcome: z.object({ enabled: z.boolean(), amountCents: rewardCents('Welcome bonus') }),
  birthday: z.object({ enabled: z.boolean(), amountCents: rewardCents('Birthday reward') }),
  referral: z.object({
    enabled: z.boolean(),
    referrerCents: rewardCents("Referrer's bonus"),
    friendCents: rewardCents("Friend's bonus"),
    minPurchaseCents: rewardCents('Minimum first purchase'),
    maxPerReferrerPerMonth: wholeBetween('Referrals paid per referrer a month', 1, 100),
  }),
  winBack: z.object({
    enabled: z.boolean(),
    inactiveDays: wholeBetween('Days without a purchase', 7, 730),
    bonusCents: rewardCents('Win-back bonus'),
    validDays: wholeBetween('Days the offer is valid', 1, 365),
  }),
});
export type RewardSettings = z.infer<typeof RewardSettings>;

/** What a business that never saved its rewards has: every reward off, with amounts to start from. */
export const DEFAULT_REWARD_SETTINGS: RewardSettings = {
  welcome: { enabled: false, amountCents: 500 },
  birthday: { enabled: false, amountCents: 1000 },
  referral: { enabled: false, referrerCents: 500, friendCents: 500, minPurchaseCents: 2000, maxPerReferrerPerMonth: 5 },
  winBack: { enabled: false, inactiveDays: 60, bonusCents: 500, validDays: 14 },
};

/** Crockford's base32 alphabet: referral codes are 8 of these (no I, L, O, U). */
export const REFERRAL_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Message of a referral code that is not 8 Crockford base32 characters, or is no customer's. */
export const REFERRAL_CODE_UNKNOWN = 'This referral code is not valid';

/**
 * A referral code as typed: case, spaces and hyphens ignored, and Crockford's look-alikes read as
 * the digits they stand for (I and L as 1, O as 0). '' or absent means none (null).
 */
export const ReferralCodeInput = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const code = v.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
    return code === '' ? null : code;
  },
  z
    .string()
    .max(8, REFERRAL_CODE_UNKNOWN)
    .regex(/^[0-9A-HJKMNP-TV-Z]{8}$/, REFERRAL_CODE_UNKNOWN)
    .nullish(),
);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A customer's birthday: month and day, year optional (docs/product.md 'Rewards'). 29 February is
 * allowed (paid on 28 February in other years).
 */
export const Birthday = z
  .object({
    month: wholeBetween('Birthday month', 1, 12),
    day: wholeBetween('Birthday day', 1, 31),
    year: wholeBetween('Birth year', 1900, 2100).nullish(),
  })
  .refine((b) => b.day <= DAYS_IN_MONTH[b.month - 1], { message: 'Enter a real date', path: ['day'] })
  .refine((b) => b.year == null || b.month !== 2 || b.day !== 29 || (b.year % 4 === 0 && (b.year % 100 !== 0 || b.year % 400 === 0)), {
    message: 'Enter a real date',
    path: ['day'],
  });
export type Birthday = z.infer<typeof Birthday>;

/** A customer's birthday as answered: year null when not given. */
export const BirthdayView = z.object({ month: z.number().int(), day: z.number().int(), year: z.number().int().nullable() });
export type BirthdayView = z.infer<typeof BirthdayView>;

/** PUT /api/t/{slug}/me/birthday body (the customer's own): a birthday, or null to remove it. */
export const MyBirthdayRequest = z.object({ birthday: Birthday.nullable() });
export type MyBirthdayRequest = z.infer<typeof MyBirthdayRequest>;

/** PUT /api/t/{slug}/me/birthday answer: the birthday as stored. */
export const MyBirthdayResponse = z.object({ birthday: BirthdayView.nullable() });
export type MyBirthdayResponse = z.infer<typeof MyBirthdayResponse>;

const MONTH = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM');

/** GET /api/t/{slug}/reports/rewards query: months `from`..`to` (YYYY-MM, both inclusive, at most 24); default the last 12 months to this one. */
export const RewardsReportQuery = z
  .object({ from: MONTH.optional(), to: MONTH.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after to', path: ['from'] });
export type RewardsReportQuery = z.infer<typeof RewardsReportQuery>;

/** Bonuses of one reason in one month: how many, their money, and how much of it has been spent at the till or taken back (cents). */
export const RewardsReasonFigures = z.object({
  reason: z.enum(['WELCOME', 'BIRTHDAY', 'REFERRAL', 'WIN_BACK']),
  count: z.number().int(),
  amountCents: z.number().int(),
  redeemedCents: z.number().int(),
});

/** One month of the Rewards report (the business's time zone). */
export const RewardsMonth = z.object({
  month: z.string(),
  bonuses: z.array(RewardsReasonFigures),
  /** invited: sign-ups and activations carrying a referral code; joined: referred customers who got their card; converted: referrals paid. */
  referrals: z.object({ invited: z.number().int(), joined: z.number().int(), converted: z.number().int() }),
  /** sent: win-back offers e-mailed; cameBack: those whose bonus was earned with a purchase. */
  winBack: z.object({ sent: z.number().int(), cameBack: z.number().int() }),
});
export type RewardsMonth = z.infer<typeof RewardsMonth>;

/** GET /api/t/{slug}/reports/rewards: what the rewards achieved, month by month (oldest first), and the period's totals. */
export const RewardsReport = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  months: z.array(RewardsMonth),
  totals: RewardsMonth.omit({ month: true }),
});
export type RewardsReport = z.infer<typeof RewardsReport>;
