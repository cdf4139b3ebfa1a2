import { z } from 'zod';

/**
 * Machine-readable error codes of the `{ error, code, details }` body. Services throw them (apps/server/src/errors.ts); the HTTP status each one
 * maps to is the server's error handler's business (ADR 0029).
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
  'VELOCITY_LIMIT',
  'RATE_LIMITED',
  'SIGNUPS_DISABLED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Default text of a NOT_FOUND. */
export const NOT_FOUND_TEXT = 'Not found';
/** Default text of a FORBIDDEN: signed in but not allowed. */
export const FORBIDDEN_TEXT = 'You do not have permission to do this';
/** Default text of an UNAUTHENTICATED: signed out. */
export const UNAUTHENTICATED_TEXT = 'Please sign in';
/** Text of a RATE_LIMITED from a per-minute flood limit. */
export const RATE_LIMITED_TEXT = 'Too many attempts. Please wait a minute and try again.';
/** Text of a 500 INTERNAL: nothing of the cause reaches the client. */
export const INTERNAL_TEXT = 'Internal server error';

/** The message of a 503 DATABASE_UNAVAILABLE (docs/operations.md 'When the database is away'). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; try again in a moment.';

/** Error body of every non-2xx API answer. `details` lists fields for 400s. */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
