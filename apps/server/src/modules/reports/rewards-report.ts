import { stringify } from 'csv-stringify/sync';
import { BonusReason, type RewardsMonth, type RewardsReport, type RewardsReportQuery } from '@loyalty/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';
import { badRequest } from '../../errors.ts';
import { centsToDollars } from '../../lib/csv-cells.ts';
import { referredCustomersByMonth } from '../customers/index.ts';
import { pendingReferralSignUpsByMonth } from '../enrolment/index.ts';
import { bonusFiguresByMonth, referralsConvertedByMonth, winBackByMonth } from '../ledger/index.ts';

/**
 * The Rewards report (docs/product.md 'Rewards'): what the rewards achieved, month by month in the
 * business's time zone, composed from its owners' figures (ADR 0012): bonuses by reason and what
 * of them was spent (the ledger), referrals invited, joined and converted (customers, online
 * sign-ups, the ledger), win-back offers sent and earned (the ledger). Money in integer cents.
 */

/** The longest period the report covers, in months. */
const MAX_MONTHS = 24;

/** 'YYYY-MM' of instant `now` in `timezone`. */
function localMonth(now: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
}

/** The month `n` months after 'YYYY-MM' `month` (n may be negative). */
function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The instants where local months `from` and the month after `to` begin in `timezone` (PostgreSQL's zone maths). */
async function monthBounds(db: Database, from: string, to: string, timezone: string): Promise<{ lo: Date; hi: Date }> {
  const [row] = rowsOf<{ lo: string | Date; hi: string | Date }>(
    await db.execute(sql`select (${`${from}-01`}::date)::timestamp at time zone ${timezone} as lo,
      ((${`${to}-01`}::date + interval '1 month')::date)::timestamp at time zone ${timezone} as hi`),
  );
  return { lo: new Date(row.lo), hi: new Date(row.hi) };
}

const EMPTY = (): Omit<RewardsMonth, 'month'> => ({
  bonuses: BonusReason.options.map((reason) => ({ reason, count: 0, amountCents: 0, redeemedCents: 0 })),
  referrals: { invited: 0, joined: 0, converted: 0 },
  winBack: { sent: 0, cameBack: 0 },
});

/** Adds `m`'s figures into `into`. */
function addInto(into: Omit<RewardsMonth, 'month'>, m: Omit<RewardsMonth, 'month'>): void {
  for (const b of m.bonuses) {
    const t = into.bonuses.find((x) => x.reason === b.reason)!;
    t.count += b.count;
    t.amountCents += b.amountCents;
    t.redeemedCents += b.redeemedCents;
  }
  into.referrals.invited += m.referrals.invited;
  into.referrals.joined += m.referrals.joined;
  into.referrals.converted += m.referrals.converted;
  into.winBack.sent += m.winBack.sent;
  into.winBack.cameBack += m.winBack.cameBack;
}

/**
 * GET /reports/rewards: months `q.from`..`q.to` (default the 12 months to this one at `now`), each
 * with every reason's bonuses (count, cents credited, cents since spent or taken back), referrals
 * (invited = joined + online sign-ups with a code awaiting confirmation; joined = referred
 * customers created; converted = referrals paid) and win-back offers (sent; cameBack = earned by a
 * purchase), oldest first, and the period's totals. Throws 400 for more than 24 months.
 */
export async function rewardsReport(db: Database, tenantId: string, timezone: string, q: RewardsReportQuery, now: Date): Promise<RewardsReport> {
  const to = q.to ?? (q.from ? shiftMonth(q.from, 11) : localMonth(now, timezone));
  const from = q.from ?? shiftMonth(to, -11);
  const months: string[] = [];
  for (let m = from; m <= to; m = shiftMonth(m, 1)) months.push(m);
  if (months.length > MAX_MONTHS) throw badRequest(`At most ${MAX_MONTHS} months`, [{ field: 'querystring.from', message: `At most ${MAX_MONTHS} months` }]);
  const { lo, hi } = await monthBounds(db, from, to, timezone);
  const [bonuses, converted, joined, pending, winBack] = await Promise.all([
    bonusFiguresByMonth(db, tenantId, timezone, lo, hi),
    referralsConvertedByMonth(db, tenantId, timezone, lo, hi),
    referredCustomersByMonth(db, tenantId, timezone, lo, hi),
    pendingReferralSignUpsByMonth(db, tenantId, timezone, lo, hi),
    winBackByMonth(db, tenantId, timezone, lo, hi),
  ]);
  const totals = EMPTY();
  const rows = months.map((month) => {
    const m = EMPTY();
    for (const b of bonuses.filter((x) => x.month === month)) {
      const into = m.bonuses.find((x) => x.reason === b.reason)!;
      into.count = b.count;
      into.amountCents = b.amountCents;
      into.redeemedCents = b.redeemedCents;
    }
    const j = joined.get(month) ?? 0;
    m.referrals = { invited: j + (pending.get(month) ?? 0), joined: j, converted: converted.get(month) ?? 0 };
    m.winBack = winBack.get(month) ?? { sent: 0, cameBack: 0 };
    addInto(totals, m);
    return { month, ...m };
  });
  return { timezone, from, to, months: rows, totals };
}

/** The report as rewards-{from}-{to}.csv: one row per month and figure (Month, Figure, Count, Amount in dollars, Spent in dollars), then the totals ('Total'). */
export function rewardsCsv(r: RewardsReport): string {
  const $ = centsToDollars;
  const lines: string[][] = [['Month', 'Figure', 'Count', 'Amount', 'Spent']];
  const add = (label: string, m: Omit<RewardsMonth, 'month'>) => {
    for (const b of m.bonuses) lines.push([label, `Bonus ${b.reason}`, String(b.count), $(b.amountCents), $(b.redeemedCents)]);
    lines.push([label, 'Referrals invited', String(m.referrals.invited), '', '']);
    lines.push([label, 'Referrals joined', String(m.referrals.joined), '', '']);
    lines.push([label, 'Referrals converted', String(m.referrals.converted), '', '']);
    lines.push([label, 'Win-back offers sent', String(m.winBack.sent), '', '']);
    lines.push([label, 'Win-back offers taken up', String(m.winBack.cameBack), '', '']);
  };
  for (const m of r.months) add(m.month, m);
  add('Total', r.totals);
  return stringify(lines);
}
