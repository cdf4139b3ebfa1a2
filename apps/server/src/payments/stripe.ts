import Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { AppError, badRequest } from '../errors.ts';
import type {
  CheckoutRequest,
  PaymentProvider,
  PaymentTenant,
  ProviderCustomerStore,
  ProviderPaymentMethod,
  ProviderPlan,
  ProviderSubscribeResult,
} from './port.ts';
import { call, stripeErrorToAppError } from './stripe-errors.ts';

/** The Stripe settings of config.ts (STRIPE_SECRET_KEY, STRIPE_API_URL, …). */
export type StripeSettings = NonNullable<Config['stripe']>;

/** 400 text of subscribe for a plan that has no Stripe price (plans.stripe_price_id empty). */
export const PLAN_NOT_PURCHASABLE = 'This plan cannot be bought online yet: it has no Stripe price. Please contact support.';

/** 400 text of POST /billing/payment-methods under Stripe: cards are entered in Stripe's own form. */
export const CARDS_THROUGH_SETUP_INTENT = 'Cards are added through the secure card form (setup intent), not sent to this server';

/** Request timeout of one Stripe call, milliseconds. */
const STRIPE_TIMEOUT_MS = 10_000;

/** Retries of a failed Stripe call (connection errors, 409, 5xx; the SDK adds idempotency keys). */
const STRIPE_MAX_RETRIES = 1;

/** Stripe subscription states in which the subscription still bills: subscribe changes its price instead of opening another. */
const LIVE_SUBSCRIPTION = new Set(['active', 'past_due', 'trialing']);

/** Stripe object ids are letters, digits and underscores (pm_…, card_…); anything else is not one of ours. */
const isStripeId = (id: string) => /^[A-Za-z0-9_]{3,255}$/.test(id);

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/**
 * The SDK client for `settings`: STRIPE_API_URL (tests: a fake server on 127.0.0.1) becomes
 * host, port and protocol; timeout STRIPE_TIMEOUT_MS (ms), STRIPE_MAX_RETRIES retries, no
 * telemetry headers.
 */
function createStripeClient(settings: StripeSettings): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_MAX_RETRIES,
    telemetry: false,
    appInfo: { name: 'loyalty-cards' },
  };
  if (settings.apiUrl) {
    const u = new URL(settings.apiUrl);
    const protocol = u.protocol === 'http:' ? 'http' : 'https';
    options.host = u.hostname;
    options.port = u.port ? Number(u.port) : protocol === 'http' ? 80 : 443;
    options.protocol = protocol;
  }
  return new Stripe(settings.secretKey, options);
}

/**
 * The Stripe payment provider (docs/product.md 'Payments': used when STRIPE_SECRET_KEY is set).
 * Stripe holds the cards (entered in Stripe's card form through a SetupIntent) and the
 * subscription; this adapter never records money itself: subscribe answers `pending` and the
 * paid period arrives by the invoice.paid webhook (modules/stripe-events). The tenant's Stripe
 * customer is created on first need and remembered through `customers` (tenants.
 * provider_customer_id, the tenants module's) in the caller's transaction `db`. SDK
 * errors become AppErrors (stripeErrorToAppError).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  /** The SDK client (exposed for the webhook's signature check and for tests). */
  readonly stripe: Stripe;

  /**
   * @param settings the Stripe keys and API host (config.stripe).
   * @param client an SDK client to use instead of one built from `settings` (tests).
   * @param customers where the tenant's Stripe customer id is remembered; without it, a call
   *   that has to create a customer throws (a wiring error: app.ts always passes one).
   */
  constructor(
    settings: StripeSettings,
    client?: Stripe,
    private readonly customers?: ProviderCustomerStore,
  ) {
    this.stripe = client ?? createStripeClient(settings);
  }

  /**
   * The tenant's Stripe customer id; when it has none, creates one (name, metadata { tenantId,
   * slug }; idempotency key per tenant, so a retry after a rolled-back transaction finds the
   * same customer) and stores it in tenants.provider_customer_id unless another request stored
   * one first (then that one is used). Updates `tenant.providerCustomerId` in place.
   */
  private async ensureCustomer(db: DbOrTx, tenant: PaymentTenant): Promise<string> {
    if (tenant.providerCustomerId) return tenant.providerCustomerId;
    const customer = await call(() =>
      this.stripe.customers.create({ name: tenant.name, metadata: { tenantId: tenant.id, slug: tenant.slug } }, { idempotencyKey: `customer-${tenant.id}` }),
    );
    if (!this.customers) throw new Error('StripePaymentProvider has no customer store (wire ProviderCustomerStore in app.ts)');
    const id = await this.customers.claim(db, tenant.id, customer.id);
    tenant.providerCustomerId = id;
    return id;
  }

  /** The customer's default card id (invoice_settings.default_payment_method), null when none or the customer is gone. */
  private async defaultMethodId(customerId: string): Promise<string | null> {
    const customer = await call(() => this.stripe.customers.retrieve(customerId));
    if ('deleted' in customer && customer.deleted) return null;
    return idOf((customer as Stripe.Customer).invoice_settings?.default_payment_method);
  }

  /** The card `id` when it belongs to the tenant's customer, else null (unknown ids included). */
  private async ownMethod(tenant: PaymentTenant, id: string): Promise<Stripe.PaymentMethod | null> {
    if (!tenant.providerCustomerId || !isStripeId(id)) return null;
    try {
      const pm = await this.stripe.paymentMethods.retrieve(id);
      return idOf(pm.customer) === tenant.providerCustomerId ? pm : null;
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
      throw stripeErrorToAppError(err);
    }
  }

  /** Subscription `id` when Stripe still bills it (LIVE_SUBSCRIPTION), null when it ended or is unknown there (Demo ids included). */
  private async liveSubscription(id: string): Promise<Stripe.Subscription | null> {
    if (!id.startsWith('sub_') || !isStripeId(id)) return null;
    try {
      const sub = await this.stripe.subscriptions.retrieve(id);
      return LIVE_SUBSCRIPTION.has(sub.status) ? sub : null;
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
      throw stripeErrorToAppError(err);
    }
  }

  /**
   * POST /billing/setup-intent: a SetupIntent for off-session card payments of the tenant's
   * customer (created on first need) → `{ clientSecret }` for Stripe's card form. Cards only:
   * `allowed_payment_method_types` (the pinned API version's name of `payment_method_types`).
   */
  async createSetupIntent(db: DbOrTx, tenant: PaymentTenant): Promise<{ clientSecret: string }> {
    const customer = await this.ensureCustomer(db, tenant);
    const intent = await call(() => this.stripe.setupIntents.create({ customer, usage: 'off_session', allowed_payment_method_types: ['card'] }));
    if (!intent.client_secret) throw new AppError('INTERNAL', 'The payment processor returned no card form secret. Please try again.');
    return { clientSecret: intent.client_secret };
  }

  /** Always 400 (CARDS_THROUGH_SETUP_INTENT): card numbers never reach this server under Stripe. */
  async addCard(): Promise<ProviderPaymentMethod> {
    throw badRequest(CARDS_THROUGH_SETUP_INTENT);
  }

  /**
   * The customer's cards (paymentMethods.list type card), the invoice default first, then
   * newest first; `id` is Stripe's pm id. No customer yet → [] (nothing is created on a read).
   */
  async listPaymentMethods(_db: DbOrTx, tenant: PaymentTenant): Promise<ProviderPaymentMethod[]> {
    const customer = tenant.providerCustomerId;
    if (!customer) return [];
    const [list, defaultId] = await Promise.all([
      call(() => this.stripe.paymentMethods.list({ customer, type: 'card', limit: 100 })),
      this.defaultMethodId(customer),
    ]);
    const methods = list.data
      .filter((pm) => pm.card)
      .sort((a, b) => b.created - a.created)
      .map((pm) => ({
        id: pm.id,
        isDefault: pm.id === defaultId,
        brand: pm.card!.brand,
        last4: pm.card!.last4,
        expMonth: pm.card!.exp_month,
        expYear: pm.card!.exp_year,
      }));
    return [...methods.filter((m) => m.isDefault), ...methods.filter((m) => !m.isDefault)];
  }

  /**
   * Detaches card `id` when it is the tenant customer's (else false → 404); when it was the
   * default, the newest remaining card becomes the default (the port's rule).
   */
  async detachPaymentMethod(db: DbOrTx, tenant: PaymentTenant, id: string): Promise<boolean> {
    const pm = await this.ownMethod(tenant, id);
    if (!pm) return false;
    const customer = tenant.providerCustomerId!;
    const wasDefault = (await this.defaultMethodId(customer)) === pm.id;
    await call(() => this.stripe.paymentMethods.detach(pm.id));
    if (wasDefault) {
      const [next] = await this.listPaymentMethods(db, tenant);
      if (next) await call(() => this.stripe.customers.update(customer, { invoice_settings: { default_payment_method: next.id } }));
    }
    return true;
  }

  /** Makes card `id` the customer's invoice default (customers.update); false (→ 404) unless it is the tenant's. */
  async setDefaultPaymentMethod(_db: DbOrTx, tenant: PaymentTenant, id: string): Promise<boolean> {
    const pm = await this.ownMethod(tenant, id);
    if (!pm) return false;
    await call(() => this.stripe.customers.update(tenant.providerCustomerId!, { invoice_settings: { default_payment_method: pm.id } }));
    return true;
  }

  /**
   * Subscribes the tenant's customer to `plan.stripePriceId` charging card `paymentMethodId`
   * (metadata { tenantId, planId } so the webhook finds both). A live subscription of the
   * tenant (active, past_due, trialing) gets its price changed (prorated, invoiced now)
   * instead of a second subscription being opened. payment_behavior 'error_if_incomplete':
   * a declined card answers 422 with Stripe's message at once instead of leaving an
   * incomplete subscription. Answers `pending` with the subscription id and redirectUrl
   * '/t/{slug}/billing?success=true': the paid period is recorded by the invoice.paid webhook.
   * 400 PLAN_NOT_PURCHASABLE when the plan has no Stripe price.
   */
  async subscribe(db: DbOrTx, tenant: PaymentTenant, plan: ProviderPlan, paymentMethodId: string): Promise<ProviderSubscribeResult> {
    const price = plan.stripePriceId;
    if (!price) throw badRequest(PLAN_NOT_PURCHASABLE, [{ field: 'body.planId', message: PLAN_NOT_PURCHASABLE }]);
    const customer = await this.ensureCustomer(db, tenant);
    const metadata = { tenantId: tenant.id, planId: plan.id };
    const current = tenant.providerSubscriptionId ? await this.liveSubscription(tenant.providerSubscriptionId) : null;
    let sub: Stripe.Subscription;
    if (current?.items.data[0]) {
      const item = current.items.data[0];
      sub = await call(() =>
        this.stripe.subscriptions.update(current.id, {
          items: [{ id: item.id, price }],
          default_payment_method: paymentMethodId,
          metadata,
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
        }),
      );
    } else {
      sub = await call(() =>
        this.stripe.subscriptions.create({
          customer,
          items: [{ price }],
          default_payment_method: paymentMethodId,
          metadata,
          payment_behavior: 'error_if_incomplete',
        }),
      );
    }
    return { status: 'pending', subscriptionId: sub.id, redirectUrl: `/t/${tenant.slug}/billing?success=true` };
  }

  /**
   * A Stripe Checkout session in payment mode for `req.amountCents` (USD) named
   * `req.description`; client_reference_id and metadata carry our checkout id (and the
   * tenant) for the checkout.session.completed webhook. → `{ providerSessionId, url }`.
   */
  async createCheckout(_db: DbOrTx, tenant: PaymentTenant, req: CheckoutRequest): Promise<{ providerSessionId: string; url: string }> {
    const session = await call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: req.checkoutId,
        metadata: { checkoutId: req.checkoutId, tenantId: tenant.id },
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: req.amountCents, product_data: { name: req.description } } }],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      }),
    );
    if (!session.url) throw new AppError('INTERNAL', 'The payment processor returned no checkout page. Please try again.');
    return { providerSessionId: session.id, url: session.url };
  }

  /** Stripe's customer portal for the tenant's customer (created on first need), returning to `returnUrl`. */
  async createPortalSession(db: DbOrTx, tenant: PaymentTenant, returnUrl: string): Promise<{ url: string }> {
    const customer = await this.ensureCustomer(db, tenant);
    const session = await call(() => this.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
    return { url: session.url };
  }

  /**
   * Refunds `amountCents` of payment intent `providerPaymentId` (refunds.create); the
   * idempotency key makes a retried refund of the same payment and amount a no-op at Stripe.
   */
  async refund(_db: DbOrTx, _tenant: PaymentTenant, providerPaymentId: string, amountCents: number): Promise<{ refundId: string }> {
    const refund = await call(() =>
      this.stripe.refunds.create({ payment_intent: providerPaymentId, amount: amountCents }, { idempotencyKey: `refund-${providerPaymentId}-${amountCents}` }),
    );
    return { refundId: refund.id };
  }
}
