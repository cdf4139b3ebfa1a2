import { Birthday, type BirthdayView } from '@loyalty/contract';
import { z } from 'zod';
import { fieldIssues } from '@/lib/api';
import { translate } from '@/lib/i18n';
import { customerMessages } from '../messages';

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

const YEAR_RULE = Birthday.shape.year.unwrap().unwrap();

/** The years a birthday's optional year can be (the contract's range). */
export const YEAR_RANGE = { min: YEAR_RULE.minValue ?? undefined, max: YEAR_RULE.maxValue ?? undefined };

/** The days a birthday's day can be (the contract refuses a day its month has not: 'Enter a real date'). */
export const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/** The birthday form's fields as typed: the chosen month and day ('' when none), the year ('' when not given). */
export type BirthdayFormInput = { month: string; day: string; year: string };

/** The fields of the birthday form. */
export type BirthdayField = keyof BirthdayFormInput;

/**
 * The customer's birthday form (docs/product.md 'Rewards'): month and day required, year
 * optional; checked with the contract's Birthday (its messages: 'Enter a real date' for 31 April).
 * Out: the request's birthday, without `year` when none was typed. Built at each use, so that its
 * texts are in the language then current.
 */
export function birthdayFormSchema() {
  return z.object({ month: z.string(), day: z.string(), year: z.string() }).transform((v, ctx): Birthday => {
    if (!v.month) ctx.addIssue({ code: 'custom', path: ['month'], message: translate(customerMessages, 'birthdayMonthRequired') });
    if (!v.day) ctx.addIssue({ code: 'custom', path: ['day'], message: translate(customerMessages, 'birthdayDayRequired') });
    if (!v.month || !v.day) return z.NEVER;
    const year = v.year.trim();
    const parsed = Birthday.safeParse({ month: Number(v.month), day: Number(v.day), ...(year ? { year: Number(year) } : {}) });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [String(issue.path[0] ?? 'day')], message: issue.message });
    return z.NEVER;
  });
}

/** The form values of a stored birthday (all empty for none). */
export function toBirthdayForm(b: BirthdayView | null): BirthdayFormInput {
  return { month: b ? String(b.month) : '', day: b ? String(b.day) : '', year: b?.year != null ? String(b.year) : '' };
}

const FIELDS: readonly string[] = ['month', 'day', 'year'] satisfies BirthdayField[];

/** The field messages of a refused save ('body.birthday.day' → 'day'); empty when it names none. */
export function birthdayFieldErrors(error: unknown): Array<{ field: BirthdayField; message: string }> {
  return fieldIssues(error)
    .map(({ field, message }) => ({ field: field.replace(/^birthday\./, ''), message }))
    .filter((issue): issue is { field: BirthdayField; message: string } => FIELDS.includes(issue.field));
}
