import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../errors.ts';
import { optOutByToken } from './contacts.ts';

/** 200 text of POST /api/unsubscribe. */
const UNSUBSCRIBED = 'You are unsubscribed. You will get no more e-mails from this business.';
/** 400 text for a token that is malformed, forged or of a customer who is gone. */
const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';

/**
 * POST /api/unsubscribe?token= (docs/product.md 'E-mail'; public): the one-click unsubscribe of
 * customer messages. Mail clients POST `List-Unsubscribe=One-Click` as a form (RFC 8058); the
 * /unsubscribe page POSTs JSON; the body is not read either way, the token in the address says
 * who. 200 { message: UNSUBSCRIBED } (again for a customer already unsubscribed); 400
 * UNSUBSCRIBE_LINK_INVALID. `secret` is the QR token secret (the signature's key); rate limited
 * like sign-in per client address.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: Database; secret: string; max: number }> = async (app, { db, secret, max }) => {
  // RFC 8058's one-click POST is a form body: accept it in this scope without reading it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  const limiter = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (request) => `unsubscribe:${request.ip}` });
  app.post(
    '/unsubscribe',
    {
      onRequest: async (request, reply) => {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(result.ttlInSeconds));
          throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.');
        }
      },
      schema: {
        summary: 'Unsubscribe from customer e-mails',
        description:
          "The one-click unsubscribe of a customer e-mail's link: the signed `token` in the query says who, the body is not read. 400 for a link that is not valid; rate limited per client address.",
        tags: ['customers'],
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { 200: z.object({ message: z.string() }), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const tenantId = await optOutByToken(db, secret, request.query.token, request.ctx);
      if (!tenantId) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
      return { message: UNSUBSCRIBED };
    },
  );
};
