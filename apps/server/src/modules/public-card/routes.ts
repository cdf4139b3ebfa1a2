import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, PublicCardResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { getPublicCard } from './service.ts';

/** Public card lookups allowed per client IP per minute (429 rate limited, docs/product.md 'Messages and errors'). */
export const PUBLIC_CARD_RATE_LIMIT = 60;
/** Window of `PUBLIC_CARD_RATE_LIMIT`, in milliseconds. */
const PUBLIC_CARD_RATE_WINDOW_MS = 60_000;

/**
 * Public card route under /api (docs/product.md 'Cards': the public card
 * page): GET /api/{slug}/c/{cardUid}?t={token}, no login, any session ignored.
 * Answers PublicCardResponse (full data only with a valid token, see `getPublicCard`);
 * 404 'Card not found'; 429 RATE_LIMITED beyond 60 lookups per IP per minute (counted before
 * validation, so malformed requests count too). `Cache-Control: no-store`.
 */
export const publicCardRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const limiter = app.createRateLimit({
    max: PUBLIC_CARD_RATE_LIMIT,
    timeWindow: PUBLIC_CARD_RATE_WINDOW_MS,
    keyGenerator: (request) => `public-card:${request.ip}`,
  });

  /** GET /api/{slug}/c/{cardUid}?t=: the public card page's data; see the plugin's docstring. */
  app.get(
    '/:slug/c/:cardUid',
    {
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(result.ttlInSeconds));
          throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.');
        }
      },
      schema: {
        summary: "Read a card's public page",
        description:
          "The card's status and balance for its public page; the holder, store and last transactions only with the valid token `t` of its QR. 429 beyond 60 lookups a minute per client address.",
        tags: ['public'],
        params: z.object({ slug: z.string().min(1).max(100), cardUid: z.string().min(1).max(200) }),
        // A malformed or repeated `t` reads as no token: the page still shows the basic card.
        querystring: z.object({ t: z.string().max(200).optional().catch(undefined) }),
        response: { 200: PublicCardResponse, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) =>
      getPublicCard(
        db,
        request.params.slug,
        request.params.cardUid,
        request.query.t,
        { secret: config.qrTokenSecret, publicUrl: config.publicUrl },
        request.ctx.now,
      ),
  );
};
