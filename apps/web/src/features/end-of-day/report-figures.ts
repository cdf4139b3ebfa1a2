import type { EndOfDayFigures, EndOfDayReport } from '@loyalty/contract';
import { formatCents, formatCount } from '@/lib/format';
import type { MessageKey } from '@/lib/i18n';
import type { endOfDayMessages } from './messages';

type Key = MessageKey<(typeof endOfDayMessages)['en']>;

/** A count and its sum of one kind of movement. */
interface CountedCents {
  count: number;
  amountCents: number;
}

/** 'n · $amount': how many movements of a kind and their sum. */
export function countAndAmount({ count, amountCents }: CountedCents): string {
  return `${formatCount(count)} · ${formatCents(amountCents)}`;
}

/** The figure columns of a store table after Staff, in order: id, heading and the cell's text of one line's figures. */
export const FIGURE_COLUMNS: readonly { id: string; header: Key; cell: (f: EndOfDayFigures) => string }[] = [
  { id: 'purchases', header: 'columnPurchases', cell: (f) => countAndAmount(f.purchases) },
  { id: 'cashback', header: 'columnCashback', cell: (f) => formatCents(f.purchases.cashbackCents) },
  { id: 'redemptions', header: 'columnRedemptions', cell: (f) => countAndAmount(f.redemptions) },
  { id: 'refunds', header: 'columnRefunds', cell: (f) => countAndAmount(f.refunds) },
  { id: 'voids', header: 'columnVoids', cell: (f) => countAndAmount(f.voids) },
  { id: 'adjustments', header: 'columnAdjustments', cell: (f) => countAndAmount(f.adjustments) },
  { id: 'addFunds', header: 'columnAddFunds', cell: (f) => countAndAmount(f.addFunds) },
  { id: 'bonuses', header: 'columnBonuses', cell: (f) => countAndAmount(f.bonuses) },
  { id: 'net', header: 'columnNet', cell: (f) => formatCents(f.netCents) },
];

/** The day's totals as facts, in display order: the label and the value of the totals. */
export const TOTAL_FACTS: readonly [Key, (f: EndOfDayFigures) => string][] = [
  ['totalsPurchases', (f) => countAndAmount(f.purchases)],
  ['totalsCashback', (f) => formatCents(f.purchases.cashbackCents)],
  ['totalsRedemptions', (f) => countAndAmount(f.redemptions)],
  ['totalsRefunds', (f) => countAndAmount(f.refunds)],
  ['totalsClawback', (f) => formatCents(f.refunds.clawbackCents)],
  ['totalsVoids', (f) => countAndAmount(f.voids)],
  ['totalsAdjustments', (f) => countAndAmount(f.adjustments)],
  ['totalsAddFunds', (f) => countAndAmount(f.addFunds)],
  ['totalsBonuses', (f) => countAndAmount(f.bonuses)],
  ['totalsExpiries', (f) => countAndAmount(f.expiries)],
  ['totalsNet', (f) => formatCents(f.netCents)],
];

/** True when nothing moved on the day (the report lists a store only when something moved there). */
export function isEmpty(report: EndOfDayReport): boolean {
  return report.stores.length === 0;
}

/** Today as YYYY-MM-DD in `timeZone` (the business's; the browser's while it is not known yet). */
export function todayIn(timeZone?: string): string {
  const parts = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { ...parts, timeZone }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-CA', parts).format(new Date());
  }
}
