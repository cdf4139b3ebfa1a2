import Stripe from 'stripe';
import { AppError, badRequest, conflict } from '../errors.ts';

/**
 * Maps an error of the Stripe SDK to an AppError the error handler answers without a stack
 * (a card decline is never a 500 with a stack); AppErrors and other errors pass
 * through unchanged.
 * - card_error (402: declined, expired, insufficient funds…) → 422 BUSINESS_RULE with Stripe's
 *   message ('Your card was declined.');
 * - invalid_request_error → 404 'Payment method not found' when Stripe says resource_missing
 *   for a payment method, else 400 VALIDATION_ERROR 'Payment provider rejected the request: …';
 * - idempotency_error → 409 CONFLICT;
 * - rate limit → 429 RATE_LIMITED;
 * - authentication / permission → 500 'Payment system configuration error. Please contact
 *   support.';
 * - connection → 500 'Unable to connect to payment processor. Please try again later.';
 * - any other Stripe error → 500 'The payment processor could not complete the request.
 *   Please try again.'
 */
export function stripeErrorToAppError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  const msg = err.message || 'The payment processor refused the request';
  switch (err.type) {
    case 'StripeCardError':
      return new AppError('BUSINESS_RULE', msg, err.decline_code ? { declineCode: err.decline_code } : undefined);
    case 'StripeInvalidRequestError':
      if (err.code === 'resource_missing' && err.param && /payment_method/.test(err.param)) return new AppError('NOT_FOUND', 'Payment method not found');
      return badRequest(`Payment provider rejected the request: ${msg}`);
    case 'StripeIdempotencyError':
      return conflict('This payment request is already being processed. Please try again.');
    case 'StripeRateLimitError':
      return new AppError('RATE_LIMITED', 'The payment processor is busy. Please try again in a minute.');
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return new AppError('INTERNAL', 'Payment system configuration error. Please contact support.');
    case 'StripeConnectionError':
      return new AppError('INTERNAL', 'Unable to connect to payment processor. Please try again later.');
    default:
      return new AppError('INTERNAL', 'The payment processor could not complete the request. Please try again.');
  }
}

/** Runs one SDK call, translating its errors with stripeErrorToAppError. */
export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw stripeErrorToAppError(err);
  }
}
