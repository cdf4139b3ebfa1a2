import type { FastifyRequest } from 'fastify';
import { RateLimitedError } from '../errors.ts';

/** The answer of a limiter made with `app.createRateLimit` (@fastify/rate-limit). */
type LimitCheck = { isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number };

/** What a public route over its per-address limit answers. */
const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';

/**
 * A route hook (`onRequest`, or `preHandler` to run after the tenant guard) that counts the
 * request with `limiter` and refuses it once over the limit: 429 RATE_LIMITED with `message`
 * and `Retry-After` the seconds left in the window (at least 1; the error handler sends it).
 */
export function refuseOverLimit(limiter: (request: FastifyRequest) => Promise<LimitCheck>, message: string = TOO_MANY_REQUESTS) {
  return async (request: FastifyRequest): Promise<void> => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new RateLimitedError(message, Math.max(1, result.ttlInSeconds));
  };
}
