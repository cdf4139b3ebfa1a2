import { FORBIDDEN_TEXT, NOT_FOUND_TEXT, UNAUTHENTICATED_TEXT, type ErrorCode } from '@loyalty/contract';

/**
 * The error a use case throws when it refuses (ADR 0029): a machine-readable `code` (the
 * contract's `ErrorCode`), the user-facing `message` (texts from `@loyalty/contract`) and, for
 * VALIDATION_ERROR and some CONFLICTs, `details` (`[{ field, message }]`). It says nothing about
 * HTTP: the error handler (http/error-handler.ts) turns it into the `{ error, code, details }`
 * body with the status its one code → status table gives the code. Jobs and scripts that call
 * services see the same code and message.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** NOT_FOUND; also for another tenant's objects, so they cannot be told apart from none (ADR 0002). */
export const notFound = (message = NOT_FOUND_TEXT) => new AppError('NOT_FOUND', message);
/** FORBIDDEN: signed in but not allowed. */
export const forbidden = (message = FORBIDDEN_TEXT) => new AppError('FORBIDDEN', message);
/** UNAUTHENTICATED: not signed in, or a wrong credential. */
export const unauthenticated = (message = UNAUTHENTICATED_TEXT) => new AppError('UNAUTHENTICATED', message);
/** CONFLICT (a duplicate slug or e-mail, a state that no longer allows the change); `details` as `[{ field, message }]` when a field is to blame. */
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);
/** VALIDATION_ERROR with field details `[{ field, message }]`. */
export const badRequest = (message: string, details?: unknown) => new AppError('VALIDATION_ERROR', message, details);

/**
 * RATE_LIMITED that knows when trying again makes sense: `retryAfterSeconds` (≥ 1), which the
 * error handler sends as `Retry-After` (the login throttle of ADR 0009 and the second factor).
 */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}
