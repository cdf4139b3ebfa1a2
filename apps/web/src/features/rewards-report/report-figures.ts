import type { RewardsMonth, RewardsReport } from '@loyalty/contract';

/** One month's or the period's figures (a month without its name). */
export type MonthFigures = Omit<RewardsMonth, 'month'>;

/** A bonus reason of the report. */
type RewardReason = MonthFigures['bonuses'][number]['reason'];

/** The reasons in the order of the table's columns. */
export const REASONS: readonly RewardReason[] = ['WELCOME', 'BIRTHDAY', 'REFERRAL', 'WIN_BACK'];

/** The bonuses of `reason` in `figures` (zeros when the answer has no entry for it). */
export function bonusOf(figures: MonthFigures, reason: RewardReason): { count: number; amountCents: number; redeemedCents: number } {
  return figures.bonuses.find((b) => b.reason === reason) ?? { count: 0, amountCents: 0, redeemedCents: 0 };
}

/** The bonuses of every reason added up: how many, their money and how much of it was spent (cents). */
export function bonusTotals(figures: MonthFigures): { count: number; amountCents: number; redeemedCents: number } {
  return figures.bonuses.reduce(
    (sum, b) => ({ count: sum.count + b.count, amountCents: sum.amountCents + b.amountCents, redeemedCents: sum.redeemedCents + b.redeemedCents }),
    { count: 0, amountCents: 0, redeemedCents: 0 },
  );
}

/** `part` of `whole` in basis points (rounded), or undefined when `whole` is 0. */
export function shareBps(part: number, whole: number): number | undefined {
  return whole > 0 ? Math.round((part * 10_000) / whole) : undefined;
}

/** True when every figure of the period is zero: no bonus, no referral, no win-back offer. */
export function isEmpty(report: RewardsReport): boolean {
  const { totals } = report;
  const bonuses = bonusTotals(totals);
  return [bonuses.count, bonuses.amountCents, bonuses.redeemedCents, ...Object.values(totals.referrals), ...Object.values(totals.winBack)].every(
    (v) => v === 0,
  );
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' (a month of the business's zone) → 'Dec 2026'. */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}
