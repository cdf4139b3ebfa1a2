import { OfflineSettings } from '@loyalty/contract';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { translate } from '@/lib/i18n';
import { centsToDollarsText, dollarsField } from '@/lib/money-field';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { rulesMessages } from '../messages';

const REDEMPTIONS = OfflineSettings.shape.redemptions.shape;

/**
 * The Offline form (docs/product.md 'Offline till'): the switch allowing redemptions while offline
 * and its two caps, typed in dollars ('20.00') and checked in cents with the contract's rule of
 * their field (so the browser gives the server's messages: 'Most per offline redemption must be
 * between $0.01 and $1,000.00'). Its output is the PUT body, OfflineSettings with the caps in
 * integer cents. Built at each use, so that its texts are in the language then current.
 */
export function offlineFormSchema() {
  const money = (rule: z.ZodType<number>) => dollarsField(rule, translate(rulesMessages, 'rewardsMoneyFormat'));
  return z
    .object({
      redemptions: z.object({
        enabled: z.boolean(),
        maxPerTransaction: money(REDEMPTIONS.maxPerTransactionCents),
        maxPerCardPerDay: money(REDEMPTIONS.maxPerCardPerDayCents),
      }),
    })
    .transform(({ redemptions: r }): OfflineSettings => ({
      redemptions: { enabled: r.enabled, maxPerTransactionCents: r.maxPerTransaction, maxPerCardPerDayCents: r.maxPerCardPerDay },
    }));
}

/** The form's values as typed: the switch, the caps as dollar text. */
export type OfflineFormInput = z.input<ReturnType<typeof offlineFormSchema>>;

/** A field of the Offline form, by its path ('redemptions.maxPerTransaction'). */
type OfflineField = Path<OfflineFormInput>;

/** The form values of stored settings: cents as dollar text (2000 → '20.00'). */
export function toOfflineForm({ redemptions: r }: OfflineSettings): OfflineFormInput {
  return {
    redemptions: {
      enabled: r.enabled,
      maxPerTransaction: centsToDollarsText(r.maxPerTransactionCents),
      maxPerCardPerDay: centsToDollarsText(r.maxPerCardPerDayCents),
    },
  };
}

/** The form field of each value the server names in a 400's details (without 'body.'); any other refusal is the toast's. */
const FORM_FIELD_OF = {
  'redemptions.enabled': 'redemptions.enabled',
  'redemptions.maxPerTransactionCents': 'redemptions.maxPerTransaction',
  'redemptions.maxPerCardPerDayCents': 'redemptions.maxPerCardPerDay',
} as const satisfies Record<string, OfflineField>;

type ServerField = keyof typeof FORM_FIELD_OF;
const SERVER_FIELDS = Object.keys(FORM_FIELD_OF) as ServerField[];

/**
 * The field messages of a refused save (docs/product.md 'Offline till'): the server's 400 `details`
 * ('body.redemptions.maxPerTransactionCents' → 'redemptions.maxPerTransaction'); empty when it names
 * none of the form's fields.
 */
export function offlineFieldErrors(error: unknown): Array<{ field: OfflineField; message: string }> {
  return serverFieldErrors(error, SERVER_FIELDS).map(({ field, message }) => ({ field: FORM_FIELD_OF[field], message }));
}
