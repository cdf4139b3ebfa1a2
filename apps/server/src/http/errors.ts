import { ERROR_STATUS, type ErrorCode } from '@loyalty/contract';

/**
 * A typed domain error. The error handler maps it to `{ error, code, details }` with the
 * status of `ERROR_STATUS[code]` (decisions.md 'API shape').
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** 404 NOT_FOUND, also for another tenant's objects (decisions.md). */
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
/** 403 FORBIDDEN: signed in but not allowed. */
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
/** 401 UNAUTHENTICATED. */
export const unauthenticated = (message = 'Please sign in') => new AppError('UNAUTHENTICATED', message);
/** 409 CONFLICT (duplicate slug or e-mail). */
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);
/** 400 VALIDATION_ERROR with field details. */
export const badRequest = (message: string, details?: unknown) => new AppError('VALIDATION_ERROR', message, details);
