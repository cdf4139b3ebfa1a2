import { LimitSettings, VelocityLimitAction } from '@loyalty/contract';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { translate } from '@/lib/i18n';
import { centsToDollarsText, dollarsField } from '@/lib/money-field';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { rulesMessages } from '../messages';

const LIMITS = LimitSettings.shape;

/**
 * The Limits form (docs/product.md 'Velocity limits'): each limit's switch, its value and its
 * action ('REFUSE' or 'FLAG'). The earns per card a day are a whole number checked with the
 * contract's rule (1–1000); the amounts are typed in dollars ('500.00') and checked in cents with
 * the contract's rule of their field (so the browser gives the server's messages: 'Purchase amount
 * per earn must be between $0.01 and $1,000,000.00'). Its output is the PUT body, LimitSettings
 * with amounts in integer cents. Built at each use, so that its texts are in the language then current.
 */
export function limitsFormSchema() {
  const money = (rule: z.ZodType<number>) => dollarsField(rule, translate(rulesMessages, 'rewardsMoneyFormat'));
  const amountLimit = (rule: z.ZodType<number>) => z.object({ enabled: z.boolean(), amount: money(rule), action: VelocityLimitAction });
  return z
    .object({
      cardEarnsPerDay: LIMITS.cardEarnsPerDay,
      cardEarnAmount: amountLimit(LIMITS.cardEarnAmount.shape.amountCents),
      cardRedeemPerDay: amountLimit(LIMITS.cardRedeemPerDay.shape.amountCents),
      staffRedeemPerDay: amountLimit(LIMITS.staffRedeemPerDay.shape.amountCents),
    })
    .transform(({ cardEarnsPerDay, cardEarnAmount, cardRedeemPerDay, staffRedeemPerDay }): LimitSettings => {
      const cents = (l: { enabled: boolean; amount: number; action: VelocityLimitAction }) => ({ enabled: l.enabled, amountCents: l.amount, action: l.action });
      return { cardEarnsPerDay, cardEarnAmount: cents(cardEarnAmount), cardRedeemPerDay: cents(cardRedeemPerDay), staffRedeemPerDay: cents(staffRedeemPerDay) };
    });
}

/** The form's values as typed: the count as a number, amounts as dollar text. */
export type LimitsFormInput = z.input<ReturnType<typeof limitsFormSchema>>;

/** A field of the Limits form, by its path ('cardEarnAmount.amount'). */
type LimitsField = Path<LimitsFormInput>;

/** The form values of stored settings: cents as dollar text (50000 → '500.00'). */
export function toLimitsForm(s: LimitSettings): LimitsFormInput {
  const dollars = (l: { enabled: boolean; amountCents: number; action: VelocityLimitAction }) => ({
    enabled: l.enabled,
    amount: centsToDollarsText(l.amountCents),
    action: l.action,
  });
  return {
    cardEarnsPerDay: { ...s.cardEarnsPerDay },
    cardEarnAmount: dollars(s.cardEarnAmount),
    cardRedeemPerDay: dollars(s.cardRedeemPerDay),
    staffRedeemPerDay: dollars(s.staffRedeemPerDay),
  };
}

/** The form field of each value the server names in a 400's details (without 'body.'); any other refusal is the toast's. */
const FORM_FIELD_OF = {
  'cardEarnsPerDay.count': 'cardEarnsPerDay.count',
  'cardEarnAmount.amountCents': 'cardEarnAmount.amount',
  'cardRedeemPerDay.amountCents': 'cardRedeemPerDay.amount',
  'staffRedeemPerDay.amountCents': 'staffRedeemPerDay.amount',
} as const satisfies Record<string, LimitsField>;

type ServerField = keyof typeof FORM_FIELD_OF;
const SERVER_FIELDS = Object.keys(FORM_FIELD_OF) as ServerField[];

/**
 * The field messages of a refused save (docs/product.md 'Velocity limits'): the server's 400
 * `details` ('body.cardEarnsPerDay.count' → 'cardEarnsPerDay.count', 'body.cardEarnAmount.amountCents'
 * → 'cardEarnAmount.amount'); empty when it names none of the form's fields.
 */
export function limitsFieldErrors(error: unknown): Array<{ field: LimitsField; message: string }> {
  return serverFieldErrors(error, SERVER_FIELDS).map(({ field, message }) => ({ field: FORM_FIELD_OF[field], message }));
}
