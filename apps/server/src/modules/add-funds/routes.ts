import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddFundsRequest, CheckoutUrlResponse, ErrorBody, IdempotencyKeyHeaders } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { moneyRouteOptions, sendIdempotent } from '../../http/idempotency.ts';
import { ROLES, tenantCtx } from '../../http/tenant-context.ts';
import { addFunds } from './service.ts';

/** `{id}` is any text: a malformed customer id answers 404 like an unknown one (the service checks the UUID form). */
const customerParams = z.object({ slug: z.string(), id: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * The add-funds route under /api/t/{slug} (docs/product.md 'Add funds'): ROLES.admin
 * (401 signed out, 403 cashier or customer, 404 another tenant's slug or customer).
 */
export const addFundsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; provider: PaymentProvider }> = async (app, { db, config, provider }) => {
  /**
   * POST /customers/{id}/add-funds `{ amountCents, cardId? }` with header `Idempotency-Key`
   * → 200 CheckoutUrlResponse `{ checkoutUrl }` (docs/product.md 'Add funds';
   * service.ts): a hosted checkout for the customer's card; the card is credited when it is
   * paid. ROLES.admin. A money route (ADR 0004): without the key 400 'Idempotency-Key
   * header required'; a retry with the same key and body answers the same checkout
   * (`Idempotent-Replayed: true`) and opens no second one; the same key with another request
   * 409 IDEMPOTENCY_KEY_REUSED. 400 'Amount must be between $1.00 and $1,000.00' / 'Choose a
   * card', 403 'Subscription required to process transactions', 404 'Customer not found' /
   * 'Card not found', 422 'Customer has no active card' / 'Card is not active'. Nothing
   * written on an error.
   */
  app.post(
    '/customers/:id/add-funds',
    {
      ...moneyRouteOptions,
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Open a checkout to add funds to a card',
        description:
          "Answers a hosted checkout URL for $1.00 to $1,000.00 (cents) onto the customer's active card, credited once paid. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.",
        tags: ['customers'],
        params: customerParams,
        headers: IdempotencyKeyHeaders,
        body: AddFundsRequest,
        response: { 200: CheckoutUrlResponse, ...errors, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers['idempotency-key'];
      return sendIdempotent(reply, await addFunds(db, provider, config, tenantCtx(request), idempotencyKey, request.params.id, request.body));
    },
  );
};
