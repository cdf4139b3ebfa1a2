import { Birthday, type BirthdayView } from '@loyalty/contract';
import { defineMessages, translate } from './i18n';

/**
 * A customer's birthday in the web app (docs/product.md 'Rewards'): the month names, the choices
 * of its fields, the fields of a stored birthday, the check of typed fields with the contract's
 * Birthday, and the text that shows one. Shared by the customer's own page and the Customers pages.
 */

/** The texts of a birthday (ADR 0042): the month names and the date as shown. */
export const birthdayMessages = defineMessages('birthday', {
  monthJanuary: 'January',
  monthFebruary: 'February',
  monthMarch: 'March',
  monthApril: 'April',
  monthMay: 'May',
  monthJune: 'June',
  monthJuly: 'July',
  monthAugust: 'August',
  monthSeptember: 'September',
  monthOctober: 'October',
  monthNovember: 'November',
  monthDecember: 'December',
  date: '{{month}} {{day}}',
  dateYear: '{{month}} {{day}}, {{year}}',
});

/** The keys of the month names in {@link birthdayMessages}, January first (month 1). */
export const MONTH_KEYS = [
  'monthJanuary',
  'monthFebruary',
  'monthMarch',
  'monthApril',
  'monthMay',
  'monthJune',
  'monthJuly',
  'monthAugust',
  'monthSeptember',
  'monthOctober',
  'monthNovember',
  'monthDecember',
] as const;

/** The days a birthday's day can be (the contract refuses a day its month has not: 'Enter a real date'). */
export const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

const YEAR_RULE = Birthday.shape.year.unwrap().unwrap();

/** The years a birthday's optional year can be (the contract's range). */
export const YEAR_RANGE = { min: YEAR_RULE.minValue ?? undefined, max: YEAR_RULE.maxValue ?? undefined };

/** A birthday's fields as typed: month and day chosen ('' for none), the year ('' when not given). */
export interface BirthdayFields {
  month: string;
  day: string;
  year: string;
}

/** One of a birthday's fields. */
export type BirthdayField = keyof BirthdayFields;

/** What is wrong with typed birthday fields, by field. */
type BirthdayIssue = { field: BirthdayField; message: string };

/** The fields of a stored birthday (all empty for none). */
export function toBirthdayFields(b: BirthdayView | null): BirthdayFields {
  return { month: b ? String(b.month) : '', day: b ? String(b.day) : '', year: b?.year != null ? String(b.year) : '' };
}

const FIELDS = ['month', 'day', 'year'] as const satisfies readonly BirthdayField[];

/**
 * Checks typed birthday fields: month and day are required (`required` holds the caller's
 * messages for a missing one), the year is optional; the contract's Birthday checks the date and
 * gives its messages ('Enter a real date' for 31 April, under the day). Out: the birthday, without
 * `year` when none was typed, or null and the issues by field.
 */
export function parseBirthday(v: BirthdayFields, required: { month: string; day: string }): { birthday: Birthday | null; issues: BirthdayIssue[] } {
  const issues: BirthdayIssue[] = [];
  if (!v.month) issues.push({ field: 'month', message: required.month });
  if (!v.day) issues.push({ field: 'day', message: required.day });
  if (issues.length > 0) return { birthday: null, issues };
  const year = v.year.trim();
  const parsed = Birthday.safeParse({ month: Number(v.month), day: Number(v.day), ...(year ? { year: Number(year) } : {}) });
  if (parsed.success) return { birthday: parsed.data, issues: [] };
  return {
    birthday: null,
    issues: parsed.error.issues.map((issue) => ({ field: FIELDS.find((f) => f === issue.path[0]) ?? 'day', message: issue.message })),
  };
}

/** A birthday as text, in the language current at the call: 'March 14', 'March 14, 1990'. */
export function formatBirthday(b: BirthdayView): string {
  const month = translate(birthdayMessages, MONTH_KEYS[b.month - 1] ?? 'monthJanuary');
  return b.year === null
    ? translate(birthdayMessages, 'date', { month, day: b.day })
    : translate(birthdayMessages, 'dateYear', { month, day: b.day, year: b.year });
}
