import { Category, Tier, type CashbackRule, type Offer, type TierRule } from '@loyalty/contract';
import { dollarsToCents, offerPhase, percentToBps, type CashbackRuleInput, type TierRuleInput } from '@loyalty/domain';
import { z } from 'zod';
import { TIER_LABELS } from '@/lib/labels';
import { translate, type MessageKey } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/** Messages of the screen, verbatim. */
export const RULES_MESSAGES = {
  get loadFailed(): string {
    return translate(rulesMessages, 'loadFailed');
  },
  get cashbackSaved(): string {
    return translate(rulesMessages, 'cashbackSaved');
  },
  get tiersSaved(): string {
    return translate(rulesMessages, 'tiersSaved');
  },
  get initialized(): string {
    return translate(rulesMessages, 'initialized');
  },
  get offerCreated(): string {
    return translate(rulesMessages, 'offerCreated');
  },
  get offerUpdated(): string {
    return translate(rulesMessages, 'offerUpdated');
  },
  get cashbackFailed(): string {
    return translate(rulesMessages, 'cashbackFailed');
  },
  get tiersFailed(): string {
    return translate(rulesMessages, 'tiersFailed');
  },
  get initializeFailed(): string {
    return translate(rulesMessages, 'initializeFailed');
  },
  get offerFailed(): string {
    return translate(rulesMessages, 'offerFailed');
  },
};

/** A zod message read from rulesMessages when the issue is raised (the language then current). */
export const text = (key: MessageKey<typeof rulesMessages.en>) => ({ error: () => translate(rulesMessages, key) });

/** Rate out of range (the contract's text: 0 to 100 percent). */
const RATE_RANGE = text('rateRange');

/** A percent typed by the owner: required, a number from 0 to 100 (step 0.1 is the input's). */
const percentField = z
  .string()
  .trim()
  .min(1, text('rateRequired'))
  .refine((v) => Number.isFinite(Number(v)), text('rateNumber'))
  .refine((v) => Number(v) >= 0 && Number(v) <= 100, RATE_RANGE);

/** Minimum spend in dollars: required, 0 or more. */
const dollarsField = z
  .string()
  .trim()
  .min(1, text('minSpendRequired'))
  .refine((v) => dollarsToCents(v) !== null, text('minSpendNumber'))
  .refine((v) => (dollarsToCents(v) ?? -1) >= 0, text('minSpendNegative'))
  .refine((v) => (dollarsToCents(v) ?? 0) <= 1_000_000_000, text('minSpendTooLarge'));

/** The Cashback Rules form: one row per category, the rate as typed (percent). */
export const CashbackForm = z.object({
  rules: z.array(z.object({ category: Category, percent: percentField, isActive: z.boolean() })),
});
export type CashbackForm = z.infer<typeof CashbackForm>;

/** The Loyalty Tiers form: one row per tier, minimum spend in dollars and bonus in percent as typed. */
export const TierForm = z.object({
  rules: z.array(
    z.object({
      tier: Tier,
      name: z.string().trim().min(1, text('tierNameRequired')).max(50, text('tierNameTooLong')),
      minSpend: dollarsField,
      percent: percentField,
      isActive: z.boolean(),
    }),
  ),
});
export type TierForm = z.infer<typeof TierForm>;

/** bps → the percent shown in an input: one decimal, more only when the stored value needs it (125 → "1.25"). */
export function bpsToPercentText(bps: number): string {
  return bps % 10 === 0 ? (bps / 100).toFixed(1) : String(bps / 100);
}

/** cents → dollars shown in an input: "500" for whole dollars, else two decimals. */
export function centsToDollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** A percent as typed → bps (percent × 100, rounded), or null when not a valid 0–100 number. */
export function parsePercent(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0 || n > 100) return null;
  return percentToBps(n);
}

/** The form rows of the stored cashback rules, one per category in PURCHASE, REPAIR, OTHER order (a missing one: 0 %, inactive). */
export function toCashbackForm(rules: readonly CashbackRule[]): CashbackForm {
  return {
    rules: Category.options.map((category) => {
      const rule = rules.find((r) => r.category === category);
      return { category, percent: bpsToPercentText(rule?.baseRateBps ?? 0), isActive: rule?.isActive ?? false };
    }),
  };
}

/** The form rows of the stored tier rules, SILVER, GOLD, PLATINUM (a missing one: $0, 0 %, inactive). */
export function toTierForm(rules: readonly TierRule[]): TierForm {
  return {
    rules: Tier.options.map((tier) => {
      const rule = rules.find((r) => r.tier === tier);
      return {
        tier,
        name: rule?.name ?? TIER_LABELS[tier],
        minSpend: centsToDollarsText(rule?.minTotalSpendCents ?? 0),
        percent: bpsToPercentText(rule?.baseRateBps ?? 0),
        isActive: rule?.isActive ?? false,
      };
    }),
  };
}

/** Valid form values → the PUT /rules/cashback body (bps). */
export function cashbackBody(values: CashbackForm) {
  return { rules: values.rules.map((r) => ({ category: r.category, baseRateBps: percentToBps(Number(r.percent)), isActive: r.isActive })) };
}

/** Valid form values → the PUT /rules/tiers body (cents, bps). */
export function tierBody(values: TierForm) {
  return {
    rules: values.rules.map((r) => ({
      tier: r.tier,
      name: r.name.trim(),
      minTotalSpendCents: dollarsToCents(r.minSpend) ?? 0,
      baseRateBps: percentToBps(Number(r.percent)),
      isActive: r.isActive,
    })),
  };
}

/** The cashback rules the preview computes with, from the (unsaved) form; null while a rate is not valid. */
export function previewCashbackRules(rows: CashbackForm['rules'] | undefined): CashbackRuleInput[] | null {
  const out: CashbackRuleInput[] = [];
  for (const r of rows ?? []) {
    const bps = parsePercent(r.percent);
    if (bps === null) return null;
    out.push({ category: r.category, baseRateBps: bps, isActive: r.isActive });
  }
  return out;
}

/** The tier rules the preview computes with, from the (unsaved) form; null while a value is not valid. */
export function previewTierRules(rows: TierForm['rules'] | undefined): TierRuleInput[] | null {
  const out: TierRuleInput[] = [];
  for (const r of rows ?? []) {
    const bps = parsePercent(r.percent);
    const cents = dollarsToCents(r.minSpend);
    if (bps === null || cents === null || cents < 0) return null;
    out.push({ tier: r.tier, minTotalSpendCents: cents, baseRateBps: bps, isActive: r.isActive });
  }
  return out;
}

/** Where an offer stands at `now`: the badge of the offers list. */
export type OfferState = 'active' | 'scheduled' | 'ended' | 'inactive';

/**
 * The state of an offer at `now`: inactive (switched off), else its window's phase from the
 * domain's `offerPhase` (the till's and the dashboard's window, both ends included: ADR 0030):
 * scheduled (starts later), ended, or active (running).
 */
export function offerState(offer: Pick<Offer, 'isActive' | 'startAt' | 'endAt'>, now: Date): OfferState {
  if (!offer.isActive) return 'inactive';
  const phase = offerPhase({ startAt: new Date(offer.startAt), endAt: new Date(offer.endAt) }, now);
  return phase === 'running' ? 'active' : phase;
}

/** Date → the value of a `datetime-local` input in the browser's time zone, minute precision ("2026-11-23T14:05"). */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) → a full ISO timestamp (dates sent as full timestamps); null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
