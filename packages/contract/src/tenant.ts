import { z } from 'zod';
import { SubscriptionStatus } from './enums.ts';

/** Which payment provider runs: 'stripe', or 'demo' (no money is taken). */
export const PaymentProviderKind = z.enum(['stripe', 'demo']);
export type PaymentProviderKind = z.infer<typeof PaymentProviderKind>;

/** `subscriptionInfo` of the tenant. Limits: −1 is unlimited. */
export const SubscriptionInfo = z.object({
  isActive: z.boolean(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  cardLimit: z.number().int(),
  cardsUsed: z.number().int(),
  cardsRemaining: z.number().int(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfo>;

/** GET /api/t/{slug}/tenant. Timestamps are ISO-8601 strings. */
export const TenantResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  subscriptionStatus: SubscriptionStatus,
  trialEndsAt: z.string().nullable(),
  graceEndsAt: z.string().nullable(),
  planId: z.string().nullable(),
  createdAt: z.string(),
  freeTrialLimit: z.number().int(),
  _count: z.object({ cards: z.number().int(), users: z.number().int(), stores: z.number().int() }),
  subscriptionInfo: SubscriptionInfo,
  subscriptionCardsUsed: z.number().int(),
  subscriptionCardLimit: z.number().int(),
  /** Whether POS transactions are allowed right now. */
  canTransact: z.boolean(),
  /** docs/product.md 'Card quota'. */
  subscriptionRequired: z.boolean(),
  /**
   * The payment provider the install runs (PAYMENT_PROVIDER): 'demo' takes
   * no money (every screen that takes money says so), 'stripe' charges for real.
   */
  paymentProvider: PaymentProviderKind,
  /** IANA time zone of the business (default 'UTC'): expiry dates and report days use it. */
  timezone: z.string(),
  /** Whether customers get an e-mail receipt after an earn, redeem or refund (docs/product.md 'E-mail'; off by default). */
  receiptsEnabled: z.boolean(),
});
export type TenantResponse = z.infer<typeof TenantResponse>;

/** PUT /api/t/{slug}/tenant/receipts body (docs/product.md 'E-mail'): turn e-mail receipts on or off. */
export const ReceiptsRequest = z.object({
  enabled: z.boolean({ error: 'Choose whether receipts are sent' }),
});
export type ReceiptsRequest = z.infer<typeof ReceiptsRequest>;
