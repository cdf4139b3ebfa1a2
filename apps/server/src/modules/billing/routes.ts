import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingPlanListResponse,
  DemoCardInput,
  ErrorBody,
  InvoiceListResponse,
  PaymentMethod,
  PortalResponse,
  PaymentMethodListResponse,
  SetupIntentResponse,
  SubscribeRequest,
  SubscribeResponse,
  UsageResponse,
} from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { listInvoices } from './list-invoices.ts';
import {
  addPaymentMethod,
  createPortalSession,
  createSetupIntent,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from './payment-methods.ts';
import { getUsage, listActivePlans } from './plans-and-usage.ts';
import { subscribe } from './subscribe.ts';

const slugParams = z.object({ slug: z.string() });
/** `id` is any string: a malformed id answers 404 'Payment method not found' like an unknown one. */
const methodParams = z.object({ slug: z.string(), id: z.string() });
const guardErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;

/**
 * Billing routes under /api/t/{slug}/billing (docs/product.md 'Subscription gates',
 * 'Payments'). All ROLES.admin (billing is tenant_admin's, docs/product.md 'Roles'; the
 * platform_admin passes too). Every route: 401 signed out, 403 cashier or
 * customer, 404 another tenant's slug. `provider` is the app's payment provider
 * (payments/index.ts: Stripe with STRIPE_SECRET_KEY, else Demo).
 */
export const billingRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; provider: PaymentProvider }> = async (app, opts) => {
  const { db, provider, config } = opts;

  /** GET /billing/plans → `{ plans }`: the active plans in display order (priceMonthly in cents). */
  app.get(
    '/billing/plans',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List the subscription plans',
        description: 'The active plans in display order, monthly prices in cents.',
        tags: ['billing'],
        params: slugParams,
        response: { 200: BillingPlanListResponse, ...guardErrors },
      },
    },
    async () => listActivePlans(db),
  );

  /** GET /billing/usage → `{ usage }` (−1 unlimited; period bounds ISO-8601). */
  app.get(
    '/billing/usage',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read the plan usage',
        description: "Cards, stores and staff used against the plan's limits (−1 unlimited) and transactions in the current period.",
        tags: ['billing'],
        params: slugParams,
        response: { 200: UsageResponse, ...guardErrors },
      },
    },
    async (request) => getUsage(db, tenantOf(request), request.ctx.now),
  );

  /** GET /billing/payment-methods → `{ paymentMethods }`, default first. */
  app.get(
    '/billing/payment-methods',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List the payment methods',
        description: "The business's saved cards, the default first.",
        tags: ['billing'],
        params: slugParams,
        response: { 200: PaymentMethodListResponse, ...guardErrors },
      },
    },
    async (request) => listPaymentMethods(db, provider, tenantOf(request)),
  );

  /**
   * POST /billing/setup-intent → `{ demo: true }` (Demo) or `{ clientSecret, publishableKey }`
   * (Stripe: the tenant's Stripe customer is created and stored on first call; 500 'Payment
   * system configuration error. Please contact support.' without STRIPE_PUBLISHABLE_KEY).
   */
  app.post(
    '/billing/setup-intent',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Start saving a card with the payment provider',
        description: 'With Stripe, answers the client secret and publishable key to collect a card; with demo payments, `{ demo: true }`.',
        tags: ['billing'],
        params: slugParams,
        response: { 200: SetupIntentResponse, 500: ErrorBody, ...guardErrors },
      },
    },
    async (request) => createSetupIntent(db, provider, config, tenantOf(request)),
  );

  /**
   * POST /billing/payment-methods (DemoCardInput `{ brand, last4, exp_month, exp_year }`) →
   * 201 PaymentMethod; the first card becomes the default. 400 on a bad field or 'Card has
   * expired'; under Stripe always 400 (cards reach Stripe through the setup intent). Nothing
   * written on an error.
   */
  app.post(
    '/billing/payment-methods',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Add a demo payment card',
        description:
          'Saves a demo card (brand, last 4 digits, expiry); the first card becomes the default. Always 400 under Stripe, where cards go through the setup intent.',
        tags: ['billing'],
        params: slugParams,
        body: DemoCardInput,
        response: { 201: PaymentMethod, 400: ErrorBody, ...guardErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await addPaymentMethod(db, provider, tenantCtx(request), request.body)),
  );

  /** DELETE /billing/payment-methods/{id} → 204; the newest remaining card becomes default if the default went. 404 'Payment method not found'. */
  app.delete(
    '/billing/payment-methods/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Remove a payment method',
        description: 'Removes a saved card; when it was the default, the newest remaining card becomes the default.',
        tags: ['billing'],
        params: methodParams,
        response: { 204: z.null(), ...guardErrors },
      },
    },
    async (request, reply) => {
      await removePaymentMethod(db, provider, tenantCtx(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  /** POST /billing/payment-methods/{id}/set-default → `{ paymentMethods }` with this card the only default. 404 'Payment method not found'. */
  app.post(
    '/billing/payment-methods/:id/set-default',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Make a payment method the default',
        description: 'Answers the payment methods with this card the only default.',
        tags: ['billing'],
        params: methodParams,
        response: { 200: PaymentMethodListResponse, ...guardErrors },
      },
    },
    async (request) => setDefaultPaymentMethod(db, provider, tenantCtx(request), request.params.id),
  );

  /**
   * POST /billing/subscribe `{ planId, paymentMethodId? }` → SubscribeResponse.
   * Demo: ACTIVE at once; event, payment and paid invoice in one transaction. Stripe: the
   * subscription is opened and the answer is `{ subscriptionId, redirectUrl }`; the paid state
   * arrives by webhook. 400 'Please select a payment method' (or a plan without a Stripe
   * price), 404 'Plan not found' / 'Payment method not found', 409 'You are already subscribed
   * to this plan', 422 a declined card (Stripe's message). Nothing written on an error.
   */
  app.post(
    '/billing/subscribe',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Subscribe to a plan',
        description:
          'Demo payments activate the plan at once; Stripe answers a redirect URL and the paid state arrives by webhook. 409 when already on the plan, 422 for a declined card.',
        tags: ['billing'],
        params: slugParams,
        body: SubscribeRequest,
        response: { 200: SubscribeResponse, 400: ErrorBody, 409: ErrorBody, 422: ErrorBody, ...guardErrors },
      },
    },
    async (request) => subscribe(db, provider, tenantCtx(request), request.body),
  );

  /** GET /billing/invoices → `{ invoices }` newest first (unix seconds, amount_paid cents). */
  app.get(
    '/billing/invoices',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List the invoices',
        description: "The business's invoices newest first, amounts in cents.",
        tags: ['billing'],
        params: slugParams,
        response: { 200: InvoiceListResponse, ...guardErrors },
      },
    },
    async (request) => listInvoices(db, tenantOf(request)),
  );

  /**
   * GET /billing/portal → `{ url }`: the provider's
   * customer portal returning to the Billing page (Stripe), or the Payment Methods tab (Demo).
   */
  app.get(
    '/billing/portal',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Open the billing portal',
        description: "A URL of the payment provider's customer portal (Stripe) or of the Payment Methods tab (demo payments).",
        tags: ['billing'],
        params: slugParams,
        response: { 200: PortalResponse, ...guardErrors },
      },
    },
    async (request) => createPortalSession(db, provider, config, tenantOf(request)),
  );
};
