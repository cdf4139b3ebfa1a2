import { z } from 'zod';

/**
 * Machine-readable error codes of the `{ error, code, details }` body. The HTTP status each one
 * maps to is in `ERROR_STATUS`.
 */
export const ErrorCode = z.enum([
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'SUBSCRIPTION_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'INSUFFICIENT_BALANCE',
  'CARD_NOT_ACTIVE',
  'BUSINESS_RULE',
  'RATE_LIMITED',
  'SIGNUPS_DISABLED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** HTTP status for every error code. */
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
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database is away (restarting, failing over): try again in a moment; the answer carries Retry-After. */
  DATABASE_UNAVAILABLE: 503,
};

/** The message of a 503 DATABASE_UNAVAILABLE (docs/operations.md 'When the database is away'). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; try again in a moment.';

/** Error body of every non-2xx API answer. `details` lists fields for 400s. */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
