import { z } from 'zod';
import { translate } from '@/lib/i18n';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { posMessages } from '../messages';

export { centsToDollarsText, dollarsField } from '@/lib/money-field';

/** The optional note of a POS movement: trimmed, at most 500 characters (contract `note`). */
export const noteField = z
  .string()
  .trim()
  .max(500, { error: () => translate(posMessages, 'noteTooLong') });

/**
 * The field messages of a refused POS movement (`details` of a 400: `body.amountCents`,
 * `body.note`, `body.category`), renamed to the form's fields (`amountCents` → `amount`) and
 * limited to `fields`. Empty when the error carries none.
 */
export function posFieldErrors<F extends 'amount' | 'note' | 'category'>(error: unknown, fields: readonly F[]): Array<{ field: F; message: string }> {
  return serverFieldErrors(error, ['amountCents', 'note', 'category'] as const)
    .map(({ field, message }) => ({ field: (field === 'amountCents' ? 'amount' : field) as F, message }))
    .filter(({ field }) => fields.includes(field));
}
