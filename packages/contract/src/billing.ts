import { z } from 'zod';
import { BillingPeriod } from './enums.ts';

/**
 * Billing: plans, usage, payment methods, invoices and the subscribe flow (docs/product.md
 * 'Subscription gates', 'Payments'). Money in integer cents; limits −1 = unlimited.
 */

/** Plan limits; −1 means unlimited. */
export const PlanLimits = z.object({
  stores: z.number().int(),
  staff: z.number().int(),
  cards: z.number().int(),
  transactions: z.number().int(),
});
export type PlanLimits = z.infer<typeof PlanLimits>;

/** A plan as the Billing page's Plans tab shows it. priceMonthly in cents. */
export const BillingPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The monthly price, integer cents (a name the web already used, kept; new money fields end in Cents); a period costs priceMonthly × its months. */
  priceMonthly: z.number().int(),
  billingPeriod: BillingPeriod,
  stripePriceId: z.string().nullable(),
  features: z.array(z.string()),
  limits: PlanLimits,
});
export type BillingPlan = z.infer<typeof BillingPlan>;

/** GET /api/t/{slug}/billing/plans: the active plans in display order. */
export const BillingPlanListResponse = z.object({ plans: z.array(BillingPlan) });
export type BillingPlanListResponse = z.infer<typeof BillingPlanListResponse>;

/**
 * GET /api/t/{slug}/billing/usage → `{ usage }`. Limits −1 = unlimited. Period bounds are ISO-8601
 * strings: the subscription's current period when the tenant has one, else the current calendar
 * month (UTC). transactionsUsed: ledger rows in it.
 */
export const UsageStats = z.object({
  cardsUsed: z.number().int(),
  cardsLimit: z.number().int(),
  storesUsed: z.number().int(),
  storesLimit: z.number().int(),
  staffUsed: z.number().int(),
  staffLimit: z.number().int(),
  transactionsUsed: z.number().int(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
});
export type UsageStats = z.infer<typeof UsageStats>;
export const UsageResponse = z.object({ usage: UsageStats });
export type UsageResponse = z.infer<typeof UsageResponse>;

/** A saved card; field names as the spec gives them. */
export const PaymentMethod = z.object({
  id: z.string(),
  is_default: z.boolean(),
  card: z.object({
    last4: z.string(),
    brand: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** GET /billing/payment-methods (and POST …/{id}/set-default) → `{ paymentMethods }`, default first. */
export const PaymentMethodListResponse = z.object({ paymentMethods: z.array(PaymentMethod) });
export type PaymentMethodListResponse = z.infer<typeof PaymentMethodListResponse>;

/**
 * POST /api/t/{slug}/billing/payment-methods: the Demo provider's card form (our decision;
 * no card number reaches the server, as with a real provider). brand lower-case (visa,
 * mastercard, amex, discover, …); last4 four digits; exp_month 1–12; the expiry month must
 * not have passed ('Card has expired').
 */
export const DemoCardInput = z.object({
  brand: z
    .string({ error: 'Card brand is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z ]{0,19}$/, 'Card brand is required'),
  last4: z.string({ error: 'Last 4 digits are required' }).regex(/^\d{4}$/, 'Last 4 digits must be 4 digits'),
  exp_month: z
    .number({ error: 'Expiry month must be between 1 and 12' })
    .int()
    .min(1, 'Expiry month must be between 1 and 12')
    .max(12, 'Expiry month must be between 1 and 12'),
  exp_year: z.number({ error: 'Expiry year is required' }).int().min(2000, 'Expiry year is required').max(2100, 'Expiry year is required'),
});
export type DemoCardInput = z.infer<typeof DemoCardInput>;

/**
 * POST /billing/setup-intent: `clientSecret` for the card provider's SetupIntent,
 * with the provider's `publishableKey`, or `demo: true` when the Demo provider runs (the web then shows the demo card form).
 */
export const SetupIntentResponse = z.object({
  clientSecret: z.string().optional(),
  /** The provider's publishable key for its card form (Stripe Elements), with clientSecret. */
  publishableKey: z.string().optional(),
  demo: z.boolean().optional(),
});
export type SetupIntentResponse = z.infer<typeof SetupIntentResponse>;

/** POST /billing/subscribe body. */
export const SubscribeRequest = z.object({
  planId: z.string({ error: 'Plan is required' }).min(1, 'Plan is required'),
  paymentMethodId: z.string().min(1).nullish(),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequest>;

/**
 * POST /billing/subscribe response: redirectUrl and/or subscriptionId when the subscription is in
 * place (navigate to redirectUrl if given), only checkoutUrl when the provider needs a hosted
 * checkout first. `demo` is true under the Demo provider (no payment processed; the redirect
 * carries `demo=true`).
 */
export const SubscribeResponse = z.object({
  subscriptionId: z.string().optional(),
  redirectUrl: z.string().optional(),
  checkoutUrl: z.string().optional(),
  demo: z.boolean().optional(),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

/** An invoice: times in unix seconds, amount_paid in cents. */
export const Invoice = z.object({
  id: z.string(),
  created: z.number().int(),
  /** Paid amount, integer cents (the spec's and Stripe's name, kept). */
  amount_paid: z.number().int(),
  status: z.string(),
  period_start: z.number().int(),
  period_end: z.number().int(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET /billing/invoices → `{ invoices }`, newest first. */
export const InvoiceListResponse = z.object({ invoices: z.array(Invoice) });
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;
