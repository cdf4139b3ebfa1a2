import type { Birthday } from '@loyalty/contract';
import { z } from 'zod';
import { fieldIssues } from '@/lib/api';
import { parseBirthday, type BirthdayField } from '@/lib/birthday';
import { translate } from '@/lib/i18n';
import { customerMessages } from '../messages';

/**
 * The customer's birthday form (docs/product.md 'Rewards'): month and day required, year
 * optional; checked with the contract's Birthday (its messages: 'Enter a real date' for 31 April).
 * Out: the request's birthday, without `year` when none was typed. Built at each use, so that its
 * texts are in the language then current.
 */
export function birthdayFormSchema() {
  return z.object({ month: z.string(), day: z.string(), year: z.string() }).transform((v, ctx): Birthday => {
    const required = { month: translate(customerMessages, 'birthdayMonthRequired'), day: translate(customerMessages, 'birthdayDayRequired') };
    const { birthday, issues } = parseBirthday(v, required);
    for (const { field, message } of issues) ctx.addIssue({ code: 'custom', path: [field], message });
    return birthday ?? z.NEVER;
  });
}

const FIELDS: readonly string[] = ['month', 'day', 'year'] satisfies BirthdayField[];

/** The field messages of a refused save ('body.birthday.day' → 'day'); empty when it names none. */
export function birthdayFieldErrors(error: unknown): Array<{ field: BirthdayField; message: string }> {
  return fieldIssues(error)
    .map(({ field, message }) => ({ field: field.replace(/^birthday\./, ''), message }))
    .filter((issue): issue is { field: BirthdayField; message: string } => FIELDS.includes(issue.field));
}
