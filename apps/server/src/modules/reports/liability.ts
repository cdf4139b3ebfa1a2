import { stringify } from 'csv-stringify/sync';
import {
  LIABILITY_CSV_COLUMNS,
  liabilityPeriodProblem,
  type LiabilityPeriod,
  type LiabilityQuery,
  type LiabilityReport,
  type PlatformLiabilityQuery,
  type PlatformLiabilityReport,
} from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { storeNameMap } from '../stores/index.ts';
import {
  balancesByStore,
  compactCardBalances,
  ensureRollup,
  compactLotTotals,
  ledgerDays,
  lotFigures,
  UTC_ZONES,
  ZERO_SUMS,
  type PeriodSums,
} from '../ledger/index.ts';
import { centsToDollars } from '../../lib/csv-cells.ts';
import { badRequest } from '../../errors.ts';

/**
 * The liability report (docs/product.md 'Reports'), composed from its owners' parts (ADR 0012): card
 * balances (cards), store names (stores), the ledger's movements and lots (transactions). Money
 * in integer cents; days are calendar days in the tenant's time zone.
 */

/** Name of the cards without a store in `byStore`. */
const NO_STORE = 'No store';

/** Today (YYYY-MM-DD) at `now` in the IANA zone `timezone`. */
export function localToday(now: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The period of a query: `to` default today in `timezone`, `from` default 29 days before `to`.
 * Throws VALIDATION_ERROR (`details: [{ field, message }]`) when the filled-in period starts
 * after it ends or is longer than LIABILITY_MAX_DAYS (a lone `from` long ago or in the future).
 */
export function periodOf(q: { from?: string; to?: string }, now: Date, timezone: string): { from: string; to: string } {
  const to = q.to ?? localToday(now, timezone);
  const from = q.from ?? shiftDay(to, -29);
  const problem = liabilityPeriodProblem(from, to);
  if (problem) throw badRequest(`Invalid ${problem.field}: ${problem.message}`, [problem]);
  return { from, to };
}

/** PeriodSums with the breakage rate: floor(expired × 10000 / (earned + addedFunds + bonus)), 0 when nothing was credited. */
export function withBreakage(s: PeriodSums): LiabilityPeriod {
  const credited = s.earnedCents + s.addedFundsCents + s.bonusCents;
  return { ...s, breakageRateBps: credited > 0 ? Math.floor((s.expiredCents * 10_000) / credited) : 0 };
}

/** Field-wise sum of PeriodSums. */
export function addSums(a: PeriodSums, b: PeriodSums): PeriodSums {
  const out = { ...a };
  for (const k of Object.keys(out) as (keyof PeriodSums)[]) out[k] += b[k];
  return out;
}

/**
 * GET /reports/liability: every figure at `now`. A UTC tenant's closed days come from the daily
 * rollup (brought up to date first, ADR 0006); balances by store, ages and expiries from the
 * liability summaries (their deltas folded first, ADR 0016), so the cost does not grow with the
 * number of cards or lots. The four reads run side by side on the pool (the
 * report's 100 ms budget), so they are separate snapshots: a movement committing
 * between them can shift the series' past outstanding by its amount until the next load. The
 * series' outstanding at the end of day D = outstanding now − Σ deltas of the rows after D (the
 * period's later days and everything after the period), a running sum from the last day back.
 */
export async function liabilityReport(db: Database, tenantId: string, timezone: string, q: LiabilityQuery, now: Date): Promise<LiabilityReport> {
  const { from, to } = periodOf(q, now, timezone);
  await Promise.all([UTC_ZONES.has(timezone) ? ensureRollup(db, tenantId, now) : null, compactCardBalances(db, tenantId), compactLotTotals(db, tenantId)]);
  const [stores, ledger, lots, names] = await Promise.all([
    balancesByStore(db, tenantId),
    ledgerDays(db, tenantId, from, to, timezone),
    lotFigures(db, tenantId, now),
    storeNameMap(db, tenantId),
  ]);
  const outstandingCents = stores.reduce((n, s) => n + s.outstandingCents, 0);
  const byDay = new Map(ledger.days.map((d) => [d.date, d]));
  const series: LiabilityReport['series'] = [];
  let later = ledger.afterCents;
  for (let date = to; date >= from; date = shiftDay(date, -1)) {
    const d = byDay.get(date);
    series.push({
      date,
      outstandingCents: outstandingCents - later,
      earnedCents: d?.earnedCents ?? 0,
      redeemedCents: d?.redeemedCents ?? 0,
      expiredCents: d?.expiredCents ?? 0,
    });
    later += d?.deltaCents ?? 0;
  }
  const byStore = stores
    .map((s) => ({ storeId: s.storeId, storeName: s.storeId ? (names.get(s.storeId) ?? NO_STORE) : NO_STORE, outstandingCents: s.outstandingCents }))
    .sort((a, b) => b.outstandingCents - a.outstandingCents || a.storeName.localeCompare(b.storeName));
  return {
    timezone,
    from,
    to,
    outstandingCents,
    cardsWithBalance: stores.reduce((n, s) => n + s.cardsWithBalance, 0),
    expiringNext30DaysCents: lots.expiringNext30DaysCents,
    byStore,
    byAge: lots.byAge,
    period: withBreakage(ledger.days.reduce((acc, d) => addSums(acc, d), ZERO_SUMS)),
    series: series.reverse(),
  };
}

/** Labels of the Period section of the CSV, in order. */
const PERIOD_LABELS: [keyof LiabilityPeriod, string][] = [
  ['earnedCents', 'Earned'],
  ['redeemedCents', 'Redeemed'],
  ['refundedCents', 'Refunded'],
  ['unrecoveredCents', 'Unrecovered'],
  ['voidedCents', 'Voided'],
  ['adjustedCents', 'Adjusted'],
  ['addedFundsCents', 'Added funds'],
  ['expiredCents', 'Expired'],
  ['bonusCents', 'Bonuses'],
];

/** The report as liability-{from}-{to}.csv (contract LIABILITY_CSV_COLUMNS describes the rows). */
export function liabilityCsv(r: LiabilityReport): string {
  const $ = centsToDollars;
  const rows: string[][] = [
    ['Summary', 'Time zone', '', r.timezone],
    ['Summary', 'From', '', r.from],
    ['Summary', 'To', '', r.to],
    ['Summary', 'Outstanding', '', $(r.outstandingCents)],
    ['Summary', 'Cards with balance', '', String(r.cardsWithBalance)],
    ['Summary', 'Expiring in 30 days', '', $(r.expiringNext30DaysCents)],
    ...PERIOD_LABELS.map(([k, label]) => ['Period', label, '', $(r.period[k])]),
    ['Period', 'Breakage rate (bps)', '', String(r.period.breakageRateBps)],
    ...r.byAge.map((a) => ['Age', a.bucket, '', $(a.cents)]),
    ...r.byStore.map((s) => ['Store', s.storeName, '', $(s.outstandingCents)]),
    ...r.series.flatMap((d) => [
      ['Series', 'Outstanding', d.date, $(d.outstandingCents)],
      ['Series', 'Earned', d.date, $(d.earnedCents)],
      ['Series', 'Redeemed', d.date, $(d.redeemedCents)],
      ['Series', 'Expired', d.date, $(d.expiredCents)],
    ]),
  ];
  return stringify(rows, { header: true, columns: [...LIABILITY_CSV_COLUMNS] });
}

/** Sorts the platform report's tenants by `sort` ('name' by tenant name, 'expired' by the period's expired cents) in `order`. */
export function sortTenants(rows: PlatformLiabilityReport['tenants'], q: Pick<PlatformLiabilityQuery, 'sort' | 'order'>): PlatformLiabilityReport['tenants'] {
  const key = (t: PlatformLiabilityReport['tenants'][number]) => (q.sort === 'expired' ? t.period.expiredCents : t.outstandingCents);
  const cmp = (a: PlatformLiabilityReport['tenants'][number], b: PlatformLiabilityReport['tenants'][number]) =>
    q.sort === 'name' ? a.tenantName.localeCompare(b.tenantName) : key(a) - key(b) || a.tenantName.localeCompare(b.tenantName);
  const sorted = [...rows].sort(cmp);
  return q.order === 'desc' ? sorted.reverse() : sorted;
}
