import { Birthday, type BirthdayView } from '@loyalty/contract';
import { translate } from '@/lib/i18n';
import { customersMessages } from '../messages';

/** The keys of the month names, January first (month 1). */
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

/** The birthday fields of the customer form as typed: month and day chosen ('' for none), the year ('' when not given). */
export interface BirthdayFields {
  month: string;
  day: string;
  year: string;
}

/** The form fields of a stored birthday (all empty for none). */
export function toBirthdayFields(b: BirthdayView | null): BirthdayFields {
  return { month: b ? String(b.month) : '', day: b ? String(b.day) : '', year: b?.year != null ? String(b.year) : '' };
}

/**
 * The birthday of the customer form (docs/product.md 'Rewards'): null when all three fields are
 * empty; else month and day are required and the contract's Birthday checks the date (its
 * messages: 'Enter a real date'), without `year` when none was typed. `issues` says what is wrong,
 * by field.
 */
export function parseBirthday(v: BirthdayFields): { birthday: Birthday | null; issues: Array<{ field: keyof BirthdayFields; message: string }> } {
  const year = v.year.trim();
  if (!v.month && !v.day && !year) return { birthday: null, issues: [] };
  const issues: Array<{ field: keyof BirthdayFields; message: string }> = [];
  if (!v.month) issues.push({ field: 'month', message: translate(customersMessages, 'formBirthdayMonthRequired') });
  if (!v.day) issues.push({ field: 'day', message: translate(customersMessages, 'formBirthdayDayRequired') });
  if (issues.length > 0) return { birthday: null, issues };
  const parsed = Birthday.safeParse({ month: Number(v.month), day: Number(v.day), ...(year ? { year: Number(year) } : {}) });
  if (parsed.success) return { birthday: parsed.data, issues: [] };
  const fields = ['month', 'day', 'year'] as const;
  return {
    birthday: null,
    issues: parsed.error.issues.map((issue) => ({ field: fields.find((f) => f === issue.path[0]) ?? 'day', message: issue.message })),
  };
}

/** A birthday as the details show it: 'March 14', 'March 14, 1990'. */
export function birthdayText(b: BirthdayView): string {
  const month = translate(customersMessages, MONTH_KEYS[b.month - 1] ?? 'monthJanuary');
  return b.year === null
    ? translate(customersMessages, 'detailsBirthdayDate', { month, day: b.day })
    : translate(customersMessages, 'detailsBirthdayDateYear', { month, day: b.day, year: b.year });
}
