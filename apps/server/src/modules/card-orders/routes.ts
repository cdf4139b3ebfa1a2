import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CardOrder,
  CardOrderCheckoutRequest,
  CardOrderListResponse,
  CardOrderPricingResponse,
  CheckoutUrlResponse,
  CreateCardOrderRequest,
  ErrorBody,
} from '@loyalty/contract';
import { CARD_ORDER_PRICING } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantOf, tenantCtx } from '../../http/tenant-context.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { cancelCardOrder } from './cancel-card-order.ts';
import { createCardOrder } from './create-card-order.ts';
import { getCardOrder, listCardOrders } from './list-card-orders.ts';
import { openCardOrderCheckout } from './open-card-order-checkout.ts';

const slugParams = z.object({ slug: z.string() });
/** `id` is any string: a malformed id answers 404 'Order not found' like an unknown one. */
const orderParams = z.object({ slug: z.string(), id: z.string() });
const guardErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;

/**
 * Card orders under /api/t/{slug}/card-orders (docs/product.md 'Card orders'). All
 * ROLES.admin (ordering and paying is billing, tenant_admin's in docs/product.md 'Roles'; platform_admin
 * passes). Every route: 401 signed out, 403 cashier or customer, 404 another tenant's slug
 * or order. Money in cents.
 */
export const cardOrderRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; provider: PaymentProvider }> = async (app, opts) => {
  const { db, config, provider } = opts;

  /** GET /card-orders → `{ orders }` of the tenant, newest first. */
  app.get(
    '/card-orders',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List the printed card orders',
        description: "The business's orders of printed cards, newest first.",
        tags: ['card-orders'],
        params: slugParams,
        response: { 200: CardOrderListResponse, ...guardErrors },
      },
    },
    async (request) => listCardOrders(db, tenantOf(request).id),
  );

  /**
   * POST /card-orders (CreateCardOrderRequest `{ cardType, quantity, shippingAddress }`) →
   * 201 CardOrder in PENDING_PAYMENT, priced now from the price list (unit and total in
   * cents). 400 on a bad field (e.g. 'Quantity must be between 50 and 10,000'); nothing
   * written then. Audit-logged.
   */
  app.post(
    '/card-orders',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Order printed cards',
        description: 'Creates an order of 50 to 10,000 cards awaiting payment, priced now from the price list (cents). Audited.',
        tags: ['card-orders'],
        params: slugParams,
        body: CreateCardOrderRequest,
        response: { 201: CardOrder, 400: ErrorBody, ...guardErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCardOrder(db, tenantCtx(request), request.body)),
  );

  /**
   * POST /card-orders/checkout `{ orderId }` → `{ checkoutUrl }`: a hosted checkout for the
   * order's total (any earlier OPEN checkout of the order is canceled). 400 no orderId,
   * 404 'Order not found', 409 'This order is already paid' / 'This order was cancelled'.
   */
  app.post(
    '/card-orders/checkout',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Open a checkout for a card order',
        description: "Answers a hosted checkout URL for the order's total; an earlier open checkout of the order is canceled. 409 when paid or cancelled.",
        tags: ['card-orders'],
        params: slugParams,
        body: CardOrderCheckoutRequest,
        response: { 200: CheckoutUrlResponse, 400: ErrorBody, 409: ErrorBody, ...guardErrors },
      },
    },
    async (request) => openCardOrderCheckout(db, provider, config, tenantCtx(request), request.body.orderId),
  );

  /** GET /card-orders/{id} → CardOrder. 404 'Order not found'. */
  app.get(
    '/card-orders/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read a card order',
        description: 'One order of printed cards with its status and prices in cents.',
        tags: ['card-orders'],
        params: orderParams,
        response: { 200: CardOrder, ...guardErrors },
      },
    },
    async (request) => getCardOrder(db, tenantOf(request).id, request.params.id),
  );

  /**
   * DELETE /card-orders/{id} → 200 CardOrder, CANCELED: an unpaid order is cancelled (its
   * open checkouts too); a paid one is refunded in full, its cards removed and the quota
   * lowered. 404 'Order not found'; 409 'Cards of this order are already in use' / 'This
   * order can no longer be cancelled'. Nothing changes on an error. Audit-logged.
   */
  app.delete(
    '/card-orders/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Cancel a card order',
        description:
          'Cancels an unpaid order, or refunds a paid one in full and removes its cards. 409 when its cards are in use or it can no longer be cancelled; audited.',
        tags: ['card-orders'],
        params: orderParams,
        response: { 200: CardOrder, 409: ErrorBody, ...guardErrors },
      },
    },
    async (request) => cancelCardOrder(db, provider, tenantCtx(request), request.params.id),
  );
};

/**
 * GET /api/card-orders/pricing → CardOrderPricingResponse (no tenant, no login):
 * the printed-card price list of the domain (CARD_ORDER_PRICING: currency 'usd', quantity
 * bounds, per card type the volume tiers with unit prices in cents, shipping included).
 */
export const cardOrderPricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/card-orders/pricing',
    {
      schema: {
        summary: 'Read the printed card prices',
        description: 'The price list of printed cards: quantity bounds and, per card type, volume tiers with unit prices in cents, shipping included.',
        tags: ['card-orders'],
        response: { 200: CardOrderPricingResponse },
      },
    },
    async () => CARD_ORDER_PRICING,
  );
};
