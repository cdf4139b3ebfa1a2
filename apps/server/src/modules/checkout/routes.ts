import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckoutView, ErrorBody } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import type { CheckoutEffects } from './checkouts.ts';
import { cancelDemoCheckout, getCheckoutView, payDemoCheckout } from './demo-checkout.ts';

/** `id` is any string: a malformed id answers 404 'Checkout not found' like an unknown one. */
const checkoutParams = z.object({ slug: z.string(), id: z.string() });
const guardErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;

/**
 * Hosted checkouts under /api/t/{slug}/checkout (docs/product.md 'Payments'): the Demo checkout
 * page's data, Pay and Cancel. All ROLES.admin (add funds and card orders are tenant_admin's:
 * docs/product.md 'Roles'; platform_admin passes). Every route: 401 signed out, 403
 * cashier or customer, 404 another tenant's slug or checkout. `effects`: what a paid checkout
 * does (src/wiring.ts).
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; effects: CheckoutEffects }> = async (app, opts) => {
  const { db, effects } = opts;

  /**
   * GET /checkout/{id} → CheckoutView `{ id, kind, status, amountCents (cents), description,
   * returnUrl, cancelUrl, createdAt }`. 404 'Checkout not found' (unknown, malformed or
   * another tenant's id).
   */
  app.get(
    '/checkout/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read a checkout',
        description: "The checkout's kind, status, amount in cents, description and return addresses, for the demo checkout page.",
        tags: ['checkout'],
        params: checkoutParams,
        response: { 200: CheckoutView, ...guardErrors },
      },
    },
    async (request) => getCheckoutView(db, tenantOf(request).id, request.params.id),
  );

  /**
   * POST /checkout/{id}/pay → 200 CheckoutView, status COMPLETED (Demo checkouts only): add
   * funds credits the card through one ADJUST ledger row; a card order becomes PAID with its
   * cards. Paying again answers the same view and moves no money. 404 'Checkout not found';
   * 409 'This checkout is paid with the payment provider' / 'This checkout was canceled'.
   */
  app.post(
    '/checkout/:id/pay',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Pay a demo checkout',
        description:
          'Completes a demo checkout: added funds are credited to the card, a card order becomes paid. Paying again moves no money; 409 for a provider-paid or canceled checkout.',
        tags: ['checkout'],
        params: checkoutParams,
        response: { 200: CheckoutView, 409: ErrorBody, ...guardErrors },
      },
    },
    async (request) => payDemoCheckout(db, effects, tenantOf(request).id, request.params.id, request.ctx.now),
  );

  /**
   * POST /checkout/{id}/cancel → 200 CheckoutView, status CANCELED (Demo checkouts only;
   * idempotent). 404 'Checkout not found'; 409 'This checkout is already paid' / 'This
   * checkout is paid with the payment provider'.
   */
  app.post(
    '/checkout/:id/cancel',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Cancel a demo checkout',
        description: 'Cancels an unpaid demo checkout; idempotent. 409 when already paid.',
        tags: ['checkout'],
        params: checkoutParams,
        response: { 200: CheckoutView, 409: ErrorBody, ...guardErrors },
      },
    },
    async (request) => cancelDemoCheckout(db, tenantCtx(request), request.params.id),
  );
};
