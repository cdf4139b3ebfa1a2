import type Stripe from 'stripe';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import type { CheckoutEffects } from '../checkout/index.ts';
import { processStripeEvent } from './process-stripe-event.ts';

const Received = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });

/**
 * Payment provider webhooks under /api/webhooks (ADR 0008). Registered in its own
 * scope: the application/json parser here keeps the body as the raw bytes (a Buffer) that
 * Stripe signed, without touching the JSON parsing of the rest of the API. The subscription
 * state is judged at the request's instant (`request.ctx.now`, from app.ts's injectable clock).
 */
export const webhookRoutes: FastifyPluginAsync<{ db: Database; config: Config; provider: PaymentProvider; effects: CheckoutEffects }> = async (app, opts) => {
  const { db, config, provider, effects } = opts;
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /**
   * POST /api/webhooks/stripe: a Stripe event, verified with STRIPE_WEBHOOK_SECRET against the
   * raw body and the Stripe-Signature header (default tolerance 300 s), then processed once
   * per event id (process-stripe-event.ts processStripeEvent). Answers:
   * - 200 `{ received: true }`; `{ received: true, duplicate: true }` for an event id already
   *   processed (nothing changes);
   * - 400 `{ error: 'Invalid signature', code: 'VALIDATION_ERROR' }` for a missing or wrong
   *   signature, a stale timestamp or a body that is not the signed JSON (nothing changes);
   * - 404 NOT_FOUND when Stripe is not configured (Demo provider, or no STRIPE_WEBHOOK_SECRET);
   * - 500 INTERNAL when applying the event failed: nothing is kept, Stripe retries.
   */
  app.post(
    '/stripe',
    {
      schema: {
        summary: 'Receive a Stripe event',
        description:
          'Verifies the Stripe-Signature against the raw body and applies each event id once (a duplicate answers `duplicate: true`). 404 when Stripe is not configured; 500 makes Stripe retry.',
        tags: ['webhooks'],
        response: { 200: Received, 400: ErrorBody, 404: ErrorBody, 500: ErrorBody },
      },
    },
    async (request, reply) => {
      const secret = config.stripe?.webhookSecret;
      if (provider.kind !== 'stripe' || !secret) {
        if (provider.kind === 'stripe') request.log.warn('stripe webhook received but STRIPE_WEBHOOK_SECRET is not set');
        return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' });
      }
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      // The SDK is loaded on first use (an idle server does not hold it in memory).
      const { default: StripeSdk } = await import('stripe');
      try {
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw new Error('no raw body or signature');
        event = StripeSdk.webhooks.constructEvent(request.body, signature, secret);
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'stripe webhook: signature check failed');
        return reply.status(400).send({ error: 'Invalid signature', code: 'VALIDATION_ERROR' });
      }
      try {
        return await processStripeEvent(db, provider, effects, event, request.log, request.ctx.now);
      } catch (err) {
        request.log.error({ err, stripeEventId: event.id, stripeEventType: event.type }, 'stripe webhook: processing failed, rolled back for the retry');
        return reply.status(500).send({ error: 'Webhook processing failed', code: 'INTERNAL' });
      }
    },
  );
};
