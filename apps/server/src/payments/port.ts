import type { DbOrTx } from '../db/client.ts';

/**
 * The payment-provider port (docs/product.md 'Payments'). Two adapters: Demo (default,
 * no network: demo.ts) and Stripe (when STRIPE_SECRET_KEY is set: stripe.ts). The
 * service layer owns the database transaction and records subscription state, payments,
 * invoices and events locally in both cases; adapters only talk to the provider (and, for
 * Demo, keep the saved cards in the payment_methods table, since there is no provider to
 * hold them). Every method gets `db`, the caller's transaction, so that what an adapter
 * writes commits or rolls back with the use case.
 */

/** The tenant a provider call is for. */
export interface PaymentTenant {
  id: string;
  name: string;
  slug: string;
  /** The provider's customer id, null until one is created (Demo never needs one). */
  providerCustomerId: string | null;
  /**
   * The provider's current subscription id (tenants.provider_subscription_id) when the caller
   * read it; Stripe's subscribe changes the price of a live subscription instead of opening a
   * second one. Optional: callers that never subscribe may leave it out.
   */
  providerSubscriptionId?: string | null;
}

/** A saved card as the provider reports it; `id` is the card's handle in API paths (Demo: our row id; Stripe: the pm_… id). */
export interface ProviderPaymentMethod {
  id: string;
  isDefault: boolean;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Card display data the Demo card form sends (no card number: contract DemoCardInput). */
export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The plan being bought. priceCents is the charge of one billing period (monthly price × period months). */
export interface ProviderPlan {
  id: string;
  name: string;
  priceCents: number;
  /** Months in one billing period (monthly 1, 3months 3, 6months 6, yearly 12). */
  periodMonths: number;
  stripePriceId: string | null;
}

/**
 * What `subscribe` did (the subscribe answers):
 * - `status: 'active'`: the subscription is in place and the first period is paid now; the
 *   service records ACTIVE, the payment and the paid invoice in its transaction.
 * - `status: 'pending'`: the provider confirms later (webhook) or needs the customer at
 *   `checkoutUrl` / `redirectUrl` first; nothing is recorded as paid yet.
 */
export type ProviderSubscribeResult =
  | {
      status: 'active';
      subscriptionId: string;
      periodStart: Date;
      periodEnd: Date;
      /** The first period's payment (cents) and the provider's ids for the payment and invoice. */
      amountCents: number;
      providerPaymentId: string;
      providerInvoiceId: string;
      hostedInvoiceUrl: string | null;
      invoicePdf: string | null;
    }
  | { status: 'pending'; subscriptionId?: string; redirectUrl?: string; checkoutUrl?: string };

/**
 * A hosted checkout to open (add funds, card orders; docs/product.md 'Payments'). `checkoutId`
 * is our checkout_sessions id (Stripe: client_reference_id and metadata); URLs are absolute
 * (PUBLIC_URL-based) for providers that redirect back.
 */
export interface CheckoutRequest {
  checkoutId: string;
  description: string;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Where an adapter remembers the provider's customer of a tenant (the tenants module's
 * `claimProviderCustomerId`, wired in app.ts: the adapters read no module's table, ADR 0012).
 */
export interface ProviderCustomerStore {
  /**
   * Stores `customerId` as the tenant's provider customer unless it already has one, in the
   * caller's transaction `db`, and returns the one stored (the first of two racing requests wins).
   */
  claim(db: DbOrTx, tenantId: string, customerId: string): Promise<string>;
}

/** The port every payment provider adapter implements (docs/product.md 'Payments'). */
export interface PaymentProvider {
  /** 'demo' shows the demo banner and card form (docs/product.md 'Payments'); 'stripe' the real ones. */
  readonly kind: 'demo' | 'stripe';
  /** POST /billing/setup-intent: `{ clientSecret }` for the provider's card form, or `{ demo: true }`. */
  createSetupIntent(db: DbOrTx, tenant: PaymentTenant): Promise<{ clientSecret?: string; demo?: boolean }>;
  /**
   * Saves a card entered in the Demo card form and returns it; the tenant's first card
   * becomes its default. Providers with their own card form (Stripe) throw: cards reach them
   * through the setup intent.
   */
  addCard(db: DbOrTx, tenant: PaymentTenant, card: CardDetails): Promise<ProviderPaymentMethod>;
  /** The tenant's saved cards, default first, then newest first. */
  listPaymentMethods(db: DbOrTx, tenant: PaymentTenant): Promise<ProviderPaymentMethod[]>;
  /**
   * Removes card `id` of the tenant; false when the tenant has no such card. When the default
   * is removed, the newest remaining card becomes the default.
   */
  detachPaymentMethod(db: DbOrTx, tenant: PaymentTenant, id: string): Promise<boolean>;
  /** Makes card `id` the tenant's only default; false when the tenant has no such card. */
  setDefaultPaymentMethod(db: DbOrTx, tenant: PaymentTenant, id: string): Promise<boolean>;
  /** Subscribes the tenant to `plan`, charging card `paymentMethodId` (one of the tenant's cards). */
  subscribe(db: DbOrTx, tenant: PaymentTenant, plan: ProviderPlan, paymentMethodId: string, now: Date): Promise<ProviderSubscribeResult>;
  /**
   * Opens a hosted checkout for `req.amountCents` and returns the provider's session id and
   * the URL to send the browser to (Demo: our own /t/{slug}/checkout/{checkoutId} page).
   * Nothing is paid until the provider confirms (Demo: the page's Pay; Stripe: the
   * checkout.session.completed webhook).
   */
  createCheckout(db: DbOrTx, tenant: PaymentTenant, req: CheckoutRequest): Promise<{ providerSessionId: string; url: string }>;
  /**
   * GET /billing/portal: the provider's customer portal URL (Stripe), returning to
   * `returnUrl`; Demo answers the Payment Methods tab.
   */
  createPortalSession(db: DbOrTx, tenant: PaymentTenant, returnUrl: string): Promise<{ url: string }>;
  /** Refunds `amountCents` of payment `providerPaymentId` (a cancelled paid card order); returns the refund id. */
  refund(db: DbOrTx, tenant: PaymentTenant, providerPaymentId: string, amountCents: number): Promise<{ refundId: string }>;
}
