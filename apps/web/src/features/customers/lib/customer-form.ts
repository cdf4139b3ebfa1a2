import { CustomerInput, type CustomerDetail, type CustomerListItem } from '@loyalty/contract';
import { z } from 'zod';
import { parseBirthday, toBirthdayFields, type BirthdayFields } from '@/lib/birthday';
import { translate } from '@/lib/i18n';
import { customersMessages } from '../messages';

/** The fields of the customer form, as the server's field messages name them (a birthday's without 'birthday.'). */
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'month', 'day', 'year'] as const;
export type CustomerFormField = (typeof FIELDS)[number];

/**
 * The birthday of the customer form (docs/product.md 'Rewards'): null when all three fields are
 * empty; else month and day are required and the contract's Birthday checks the date.
 */
function optionalBirthday(v: BirthdayFields): ReturnType<typeof parseBirthday> {
  if (!v.month && !v.day && !v.year.trim()) return { birthday: null, issues: [] };
  return parseBirthday(v, { month: translate(customersMessages, 'formBirthdayMonthRequired'), day: translate(customersMessages, 'formBirthdayDayRequired') });
}

/**
 * The customer form's values: strings, checked with the contract's CustomerInput (first and last
 * name required, e-mail format, phone a telephone number; blank e-mail or phone means none) and
 * Birthday (all three empty means none; else month and day required, the year optional), so the
 * browser and the server give the same messages.
 */
export const CustomerFormSchema = z
  .object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string(), month: z.string(), day: z.string(), year: z.string() })
  .superRefine((v, ctx) => {
    const parsed = CustomerInput.safeParse(v);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
    for (const { field, message } of optionalBirthday(v).issues) ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type CustomerFormValues = z.infer<typeof CustomerFormSchema>;

/** The form's values for a new customer (null) or the customer being edited. */
export function toCustomerFormValues(c: CustomerListItem | CustomerDetail | null): CustomerFormValues {
  return { firstName: c?.firstName ?? '', lastName: c?.lastName ?? '', email: c?.email ?? '', phone: c?.phone ?? '', ...toBirthdayFields(c?.birthday ?? null) };
}

/**
 * The request body of valid form values: the contact fields, and the birthday. A new customer
 * without one is sent without `birthday`; an edit always sends it, null when the fields were
 * cleared (the server removes it; the same birthday again changes nothing).
 */
export function toCustomerBody(v: CustomerFormValues, editing: boolean): CustomerInput {
  const contact = CustomerInput.parse({ firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone });
  const { birthday } = optionalBirthday(v);
  return editing || birthday ? { ...contact, birthday } : contact;
}

/** The form field a server field message is about ('birthday.day' → 'day'), or null when the form has none. */
export function formFieldOf(serverField: string): CustomerFormField | null {
  const name = serverField.replace(/^birthday\./, '');
  return FIELDS.find((f) => f === name) ?? null;
}
