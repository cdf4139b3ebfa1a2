import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, INTERNAL_TEXT, RATE_LIMITED_TEXT, type ErrorBody, type ErrorCode } from '@loyalty/contract';
import { isDatabaseUnavailable } from '../db/pg-error.ts';
import { AppError, RateLimitedError } from '../errors.ts';

/**
 * The HTTP status of every error code: the one place a code becomes a status (ADR 0029).
 * Services throw `AppError(code, message)` and know nothing of HTTP.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  SUBSCRIPTION_REQUIRED: 403,
  SIGNUPS_DISABLED: 403,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  INSUFFICIENT_BALANCE: 422,
  CARD_NOT_ACTIVE: 422,
  BUSINESS_RULE: 422,
  /** A velocity limit set to refuse (docs/product.md 'Velocity limits'); `details.limit` names it. */
  VELOCITY_LIMIT: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database is away (restarting, failing over): try again in a moment; the answer carries Retry-After. */
  DATABASE_UNAVAILABLE: 503,
};

/** Seconds a client is asked to wait after a 503 DATABASE_UNAVAILABLE (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * One error handler for the whole API (ADR 0029): AppError → `ERROR_STATUS[code]`
 * and `{ error: message, code, details }` (a RateLimitedError adds `Retry-After`);
 * schema validation → 400 VALIDATION_ERROR with `details: [{ field, message }]`;
 * rate limits → 429; other 4xx keep their status; the database away (refused or cut
 * connections, a shutdown or start-up in progress, no pooled connection within its timeout:
 * `isDatabaseUnavailable`) → 503 DATABASE_UNAVAILABLE with `Retry-After` (seconds), logged as a
 * warning (docs/operations.md 'When the database is away'); anything else → 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError) reply.header('retry-after', String(err.retryAfterSeconds));
      const body: ErrorBody = { error: err.message, code: err.code, ...(err.details !== undefined ? { details: err.details } : {}) };
      return reply.status(ERROR_STATUS[err.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        field: [
          err.validationContext,
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = details[0];
      return reply.status(400).send({
        error: first ? `Invalid ${first.field.replace(/^body\./, '')}: ${first.message}` : 'Invalid request',
        code: 'VALIDATION_ERROR',
        details,
      } satisfies ErrorBody);
    }
    if (err.statusCode === 429) {
      return reply.status(429).send({ error: RATE_LIMITED_TEXT, code: 'RATE_LIMITED' } satisfies ErrorBody);
    }
    if (!isResponseSerializationError(err) && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .status(err.statusCode)
        .send({ error: err.message, code: err.statusCode === 400 ? 'VALIDATION_ERROR' : (err.code ?? 'BAD_REQUEST') } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error: DATABASE_UNAVAILABLE_MESSAGE, code: 'DATABASE_UNAVAILABLE' } satisfies ErrorBody);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: INTERNAL_TEXT, code: 'INTERNAL' } satisfies ErrorBody);
  });
}
