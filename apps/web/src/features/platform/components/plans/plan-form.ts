import type { BillingPeriod, PlanInput, PlanLimits, PlatformPlan } from '@loyalty/contract';
import { dollarsToCents } from '@loyalty/domain';
import { formatCents } from '@/lib/format';
import { translate, type MessageKey } from '@/lib/i18n';
import { PERIOD_LABELS } from '@/lib/labels';
import { z } from 'zod';
import { plansMessages } from '../../messages-plans';

/** A key of the plans catalog. */
type PlansKey = MessageKey<typeof plansMessages.en>;
/** A zod message read from the plans catalog when the schema reports it (the current language). */
const message = (key: PlansKey) => ({ error: () => translate(plansMessages, key) });

/** Multipliers of the monthly price per billing period: 1, 3, 6, 12. */
const PERIOD_MONTHS: Record<BillingPeriod, number> = { monthly: 1, '3months': 3, '6months': 6, yearly: 12 };

/** The price of one billing period in cents: priceMonthly × the period's months. */
export function periodPriceCents(plan: Pick<PlatformPlan, 'priceMonthly' | 'billingPeriod'>): number {
  return plan.priceMonthly * (PERIOD_MONTHS[plan.billingPeriod] ?? 1);
}

/** The plan's price with its period label, e.g. '$59.97/3 months'. */
export function priceLabel(plan: Pick<PlatformPlan, 'priceMonthly' | 'billingPeriod'>): string {
  return `${formatCents(periodPriceCents(plan))}${PERIOD_LABELS[plan.billingPeriod] ?? translate(plansMessages, 'perMonthSuffix')}`;
}

/** A limit as the cards show it: −1 (or anything below 1) is ∞. */
export function limitLabel(limit: number): string {
  return limit < 1 ? '∞' : limit.toLocaleString('en-US');
}

/** The four limits in display order, with their labels' keys in the plans catalog (Stores, Staff, Cards, Transactions). */
export const LIMIT_FIELDS: ReadonlyArray<{ key: keyof PlanLimits; labelKey: PlansKey }> = [
  { key: 'stores', labelKey: 'limitStores' },
  { key: 'staff', labelKey: 'limitStaff' },
  { key: 'cards', labelKey: 'limitCards' },
  { key: 'transactions', labelKey: 'limitTransactions' },
];

/** The largest limit the form accepts (the column is a 32-bit integer). */
const MAX_LIMIT = 1_000_000_000;
/** The largest price in cents (the contract's `PlanInput.priceMonthly` maximum). */
const MAX_PRICE_CENTS = 100_000_000;

/**
 * A limit typed by the operator: parsed as an integer; missing, invalid, 0 or
 * negative becomes −1 (unlimited).
 */
export function parseLimit(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(n) && n >= 1 ? n : -1;
}

/**
 * A price typed in dollars: dollars to cents (× 100, rounded); missing,
 * invalid or negative becomes 0.
 */
export function parsePriceCents(text: string): number {
  const cents = dollarsToCents(text);
  return cents !== null && cents > 0 ? cents : 0;
}

const limitText = z.string().refine((v) => parseLimit(v) <= MAX_LIMIT, message('limitTooLarge'));

/**
 * The plan form's values: numbers as typed text (parsed on submit by {@link toPlanInput}),
 * features as rows. Messages come from the plans catalog; name's and description's are the contract's words (`PlanInput`).
 */
export const PlanFormSchema = z.object({
  name: z.string().trim().min(1, message('nameRequired')).max(80, message('nameTooLong')),
  description: z.string().trim().max(500, message('descriptionTooLong')),
  price: z.string().refine((v) => parsePriceCents(v) <= MAX_PRICE_CENTS, message('priceTooLarge')),
  billingPeriod: z.enum(['monthly', '3months', '6months', 'yearly']),
  stripePriceId: z.string().trim().max(200, message('stripePriceIdTooLong')),
  limits: z.object({ stores: limitText, staff: limitText, cards: limitText, transactions: limitText }),
  features: z.array(z.object({ value: z.string().max(200, message('featureTooLong')) })).min(1),
  isActive: z.boolean(),
});
export type PlanFormValues = z.infer<typeof PlanFormSchema>;

/** Dollars text of a price in cents for the form ('19.99'; '0' for free). */
function centsToDollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The form's start values: the plan's when editing (−1 limits as empty 'Unlimited' fields), else an empty plan. */
export function planToForm(plan: PlatformPlan | null): PlanFormValues {
  if (!plan) {
    return {
      name: '',
      description: '',
      price: '',
      billingPeriod: 'monthly',
      stripePriceId: '',
      limits: { stores: '', staff: '', cards: '', transactions: '' },
      features: [{ value: '' }],
      isActive: true,
    };
  }
  const limit = (n: number) => (n < 1 ? '' : String(n));
  return {
    name: plan.name,
    description: plan.description,
    price: centsToDollarsText(plan.priceMonthly),
    billingPeriod: plan.billingPeriod,
    stripePriceId: plan.stripePriceId ?? '',
    limits: {
      stores: limit(plan.limits.stores),
      staff: limit(plan.limits.staff),
      cards: limit(plan.limits.cards),
      transactions: limit(plan.limits.transactions),
    },
    features: plan.features.length > 0 ? plan.features.map((value) => ({ value })) : [{ value: '' }],
    isActive: plan.isActive,
  };
}

/**
 * The request body of the form: price in cents (invalid → 0), limits as
 * integers (missing, invalid or 0 → −1), empty feature rows dropped, empty Stripe price id null.
 */
export function toPlanInput(v: PlanFormValues): PlanInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    priceMonthly: parsePriceCents(v.price),
    billingPeriod: v.billingPeriod,
    stripePriceId: v.stripePriceId.trim() || null,
    limits: {
      stores: parseLimit(v.limits.stores),
      staff: parseLimit(v.limits.staff),
      cards: parseLimit(v.limits.cards),
      transactions: parseLimit(v.limits.transactions),
    },
    features: v.features.map((f) => f.value.trim()).filter((f) => f.length > 0),
    isActive: v.isActive,
  };
}
