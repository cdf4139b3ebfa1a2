import { z } from 'zod';
import { STORES_PER_BUSINESS_MAX } from './stores.ts';

/**
 * The liability report (docs/product.md 'Reports'): what the tenant owes its card holders now, how
 * old and how soon expiring it is, and how it moved over a period. Money in integer cents.
 */

const DAY = z.string().date('must be a date (YYYY-MM-DD)');

/** Longest period of a liability report, in days (the series has one entry per day). */
export const LIABILITY_MAX_DAYS = 366;

/** Whole days from `from` to `to` inclusive (YYYY-MM-DD, calendar arithmetic in UTC). */
export function liabilityDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * What is wrong with the period [from, to] (YYYY-MM-DD, both inclusive): `from` after `to`, or
 * longer than LIABILITY_MAX_DAYS; null when it is fine. The query schemas check it when both
 * dates are given; the server checks it again once the defaults have filled in the other.
 */
export function liabilityPeriodProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  const days = liabilityDays(from, to);
  if (days < 1) return { field: 'from', message: 'from must not be after to' };
  if (days > LIABILITY_MAX_DAYS) return { field: 'to', message: `The period can be at most ${LIABILITY_MAX_DAYS} days` };
  return null;
}

/** Refuses a period that liabilityPeriodProblem finds wrong (both dates given). */
function checkPeriod(q: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!q.from || !q.to) return;
  const problem = liabilityPeriodProblem(q.from, q.to);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

/**
 * GET /api/t/{slug}/reports/liability(.csv) query: dates YYYY-MM-DD in the tenant's time zone,
 * both inclusive. Defaults: `to` today, `from` 29 days before `to` (the last 30 days).
 */
export const LiabilityQuery = z.object({ from: DAY.optional(), to: DAY.optional() }).superRefine(checkPeriod);
export type LiabilityQuery = z.infer<typeof LiabilityQuery>;

/** Age buckets of open cashback lots, in days since the credit. */
export const LIABILITY_AGE_BUCKETS = ['0-30', '31-90', '91-180', '181-365', '>365'] as const;
export const LiabilityAgeBucket = z.enum(LIABILITY_AGE_BUCKETS);
export type LiabilityAgeBucket = z.infer<typeof LiabilityAgeBucket>;

/**
 * Ledger movements of a period (rows whose created_at falls in it): earned = Σ EARN cashback,
 * redeemed = Σ REDEEM amount, refunded = claw-back actually taken (Σ REFUND cashback −
 * unrecovered), unrecovered = Σ REFUND unrecovered, voided = Σ VOID amount, adjusted = Σ ADJUST
 * delta (signed), addedFunds = Σ ADD_FUNDS amount, expired = Σ EXPIRE amount, bonus = Σ BONUS
 * amount (the rewards, docs/product.md 'Rewards'); breakageRateBps = floor(expired × 10000 /
 * (earned + addedFunds + bonus)), 0 when nothing was credited.
 */
export const LiabilityPeriod = z.object({
  earnedCents: z.number().int(),
  redeemedCents: z.number().int(),
  refundedCents: z.number().int(),
  unrecoveredCents: z.number().int(),
  voidedCents: z.number().int(),
  adjustedCents: z.number().int(),
  addedFundsCents: z.number().int(),
  expiredCents: z.number().int(),
  bonusCents: z.number().int(),
  breakageRateBps: z.number().int(),
});
export type LiabilityPeriod = z.infer<typeof LiabilityPeriod>;

/** One day of the period (tenant zone): outstanding at the end of the day and the day's movements. */
export const LiabilitySeriesDay = z.object({
  date: z.string(),
  outstandingCents: z.number().int(),
  earnedCents: z.number().int(),
  redeemedCents: z.number().int(),
  expiredCents: z.number().int(),
});
export type LiabilitySeriesDay = z.infer<typeof LiabilitySeriesDay>;

/**
 * GET /api/t/{slug}/reports/liability (tenant_admin). outstanding = Σ card balances now;
 * cardsWithBalance = cards with a balance > 0; expiringNext30Days = Σ remaining of lots expiring
 * in (now, now + 30 days]; byStore = outstanding per card's store (storeId null: cards without a
 * store; at most one entry per store, STORES_PER_BUSINESS_MAX, and one for no store); byAge = Σ remaining of open lots by age;
 * series: one entry per day from `from` to `to`.
 */
export const LiabilityReport = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  outstandingCents: z.number().int(),
  cardsWithBalance: z.number().int(),
  expiringNext30DaysCents: z.number().int(),
  byStore: z.array(z.object({ storeId: z.string().nullable(), storeName: z.string(), outstandingCents: z.number().int() })).max(STORES_PER_BUSINESS_MAX + 1),
  byAge: z.array(z.object({ bucket: LiabilityAgeBucket, cents: z.number().int() })).max(LIABILITY_AGE_BUCKETS.length),
  period: LiabilityPeriod,
  series: z.array(LiabilitySeriesDay).max(LIABILITY_MAX_DAYS),
});
export type LiabilityReport = z.infer<typeof LiabilityReport>;

/** Sort keys of the platform liability report. */
export const PlatformLiabilitySort = z.enum(['outstanding', 'name', 'expired']);
export type PlatformLiabilitySort = z.infer<typeof PlatformLiabilitySort>;

/**
 * GET /api/platform/reports/liability query: dates YYYY-MM-DD in UTC (defaults as LiabilityQuery);
 * sort default 'outstanding', order default 'desc'.
 */
export const PlatformLiabilityQuery = z
  .object({
    from: DAY.optional(),
    to: DAY.optional(),
    sort: PlatformLiabilitySort.default('outstanding'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine(checkPeriod);
export type PlatformLiabilityQuery = z.infer<typeof PlatformLiabilityQuery>;

/** GET /api/platform/reports/liability (platform_admin): every tenant's outstanding and period, and the totals. */
export const PlatformLiabilityReport = z.object({
  from: z.string(),
  to: z.string(),
  tenants: z.array(z.object({ tenantId: z.string(), tenantName: z.string(), slug: z.string(), outstandingCents: z.number().int(), period: LiabilityPeriod })),
  totalOutstandingCents: z.number().int(),
  totalPeriod: LiabilityPeriod,
});
export type PlatformLiabilityReport = z.infer<typeof PlatformLiabilityReport>;

/**
 * Column headers of liability-{from}-{to}.csv, in order. One tidy table: a row per figure,
 * Section 'Summary' (outstanding, cards with balance, expiring in 30 days; the period and time
 * zone), 'Period' (the period's movements and the breakage rate), 'Age' (a bucket), 'Store' (a
 * store's outstanding) and 'Series' (Name 'Outstanding' | 'Earned' | 'Redeemed' | 'Expired' of the
 * day in Date). Amount: dollars with 2 decimals, a count for 'Cards with balance', basis points
 * for 'Breakage rate (bps)', text for 'Time zone', 'From' and 'To'.
 */
export const LIABILITY_CSV_COLUMNS = ['Section', 'Name', 'Date', 'Amount'] as const;
