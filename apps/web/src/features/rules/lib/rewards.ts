import { RewardSettings } from '@loyalty/contract';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { dollarsToCents, formatCents, formatCount } from '@/lib/format';
import { translate } from '@/lib/i18n';
import { centsToDollarsText, dollarsField } from '@/lib/money-field';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { rulesMessages } from '../messages';

const RULES = RewardSettings.shape;

/**
 * The Rewards form (docs/product.md 'Rewards'): each reward's switch and fields; amounts typed in
 * dollars ('5.00') and checked in cents with the contract's rule of their field (so the browser
 * gives the server's messages: 'Welcome bonus must be between $0.00 and $1,000.00'), counts
 * checked with the contract's own rules. Its output is the PUT body, money in cents. Built at
 * each use, so that its texts are in the language then current.
 */
export function rewardsFormSchema() {
  const money = (rule: z.ZodType<number>) => dollarsField(rule, translate(rulesMessages, 'rewardsMoneyFormat'));
  return z
    .object({
      welcome: z.object({ enabled: z.boolean(), amount: money(RULES.welcome.shape.amountCents) }),
      birthday: z.object({ enabled: z.boolean(), amount: money(RULES.birthday.shape.amountCents) }),
      referral: z.object({
        enabled: z.boolean(),
        referrer: money(RULES.referral.shape.referrerCents),
        friend: money(RULES.referral.shape.friendCents),
        minPurchase: money(RULES.referral.shape.minPurchaseCents),
        maxPerReferrerPerMonth: RULES.referral.shape.maxPerReferrerPerMonth,
      }),
      winBack: z.object({
        enabled: z.boolean(),
        inactiveDays: RULES.winBack.shape.inactiveDays,
        bonus: money(RULES.winBack.shape.bonusCents),
        validDays: RULES.winBack.shape.validDays,
      }),
    })
    .transform(({ welcome, birthday, referral, winBack }): RewardSettings => ({
      welcome: { enabled: welcome.enabled, amountCents: welcome.amount },
      birthday: { enabled: birthday.enabled, amountCents: birthday.amount },
      referral: {
        enabled: referral.enabled,
        referrerCents: referral.referrer,
        friendCents: referral.friend,
        minPurchaseCents: referral.minPurchase,
        maxPerReferrerPerMonth: referral.maxPerReferrerPerMonth,
      },
      winBack: { enabled: winBack.enabled, inactiveDays: winBack.inactiveDays, bonusCents: winBack.bonus, validDays: winBack.validDays },
    }));
}

/** The form's values as typed: amounts as dollar text, counts as numbers. */
export type RewardsFormInput = z.input<ReturnType<typeof rewardsFormSchema>>;

/** A field of the Rewards form, by its path ('referral.minPurchase'). */
export type RewardsField = Path<RewardsFormInput>;

/** The form values of stored settings: cents as dollar text (500 → '5.00'). */
export function toRewardsForm(s: RewardSettings): RewardsFormInput {
  return {
    welcome: { enabled: s.welcome.enabled, amount: centsToDollarsText(s.welcome.amountCents) },
    birthday: { enabled: s.birthday.enabled, amount: centsToDollarsText(s.birthday.amountCents) },
    referral: {
      enabled: s.referral.enabled,
      referrer: centsToDollarsText(s.referral.referrerCents),
      friend: centsToDollarsText(s.referral.friendCents),
      minPurchase: centsToDollarsText(s.referral.minPurchaseCents),
      maxPerReferrerPerMonth: s.referral.maxPerReferrerPerMonth,
    },
    winBack: {
      enabled: s.winBack.enabled,
      inactiveDays: s.winBack.inactiveDays,
      bonus: centsToDollarsText(s.winBack.bonusCents),
      validDays: s.winBack.validDays,
    },
  };
}

/** The form field of each field the server names in a 400's details (without 'body.'). */
const FORM_FIELD_OF = {
  'welcome.amountCents': 'welcome.amount',
  'birthday.amountCents': 'birthday.amount',
  'referral.referrerCents': 'referral.referrer',
  'referral.friendCents': 'referral.friend',
  'referral.minPurchaseCents': 'referral.minPurchase',
  'referral.maxPerReferrerPerMonth': 'referral.maxPerReferrerPerMonth',
  'winBack.inactiveDays': 'winBack.inactiveDays',
  'winBack.bonusCents': 'winBack.bonus',
  'winBack.validDays': 'winBack.validDays',
} as const satisfies Record<string, RewardsField>;

type ServerField = keyof typeof FORM_FIELD_OF;
const SERVER_FIELDS = Object.keys(FORM_FIELD_OF) as ServerField[];

/** The field messages of a refused save ('body.referral.minPurchaseCents' → 'referral.minPurchase'); empty when it names none. */
export function rewardsFieldErrors(error: unknown): Array<{ field: RewardsField; message: string }> {
  return serverFieldErrors(error, SERVER_FIELDS).map(({ field, message }) => ({ field: FORM_FIELD_OF[field], message }));
}

/** An amount as typed, as the explanation lines show it ('$20.00'); '…' while it is not a valid amount. */
export function typedDollars(text: string | undefined): string {
  const cents = dollarsToCents(text ?? '');
  return cents === null || cents < 0 ? translate(rulesMessages, 'rewardsNotSet') : formatCents(cents);
}

/** A count as typed, as the explanation lines show it ('60'); '…' while it is not a whole number. */
export function typedCount(n: number | undefined): string {
  return n !== undefined && Number.isInteger(n) && n >= 0 ? formatCount(n) : translate(rulesMessages, 'rewardsNotSet');
}
