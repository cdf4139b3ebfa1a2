import createClient from 'openapi-fetch';
import { ApiError, NETWORK_ERROR_MESSAGE, apiErrorOf } from '@/lib/api';
import type { paths } from './generated/web-api';

/**
 * The web API's typed client (ADR 0038): openapi-fetch over the types that
 * scripts/api-client.mjs generates from the server's OpenAPI document, so a path, a parameter,
 * a body or an answer that does not match the server fails to compile. Same origin, the session
 * cookie included. Call it through {@link answer}, which turns failures into ApiError as the rest
 * of the app expects.
 */
export const client = createClient<paths>({
  credentials: 'include',
  // Read at each call, not captured once: the tests replace globalThis.fetch at the network boundary.
  fetch: (request) => globalThis.fetch(request),
});

/** One call's outcome as openapi-fetch resolves it: the answer's body (`data`) or the error's (`error`), and the response. */
interface Outcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The success member of an outcome union: the one whose `data` is always there (the error member
 * has `data?: never`; matching on `error` instead would also take the error member of an
 * operation that documents no error answer, whose `error` is `never`).
 */
type Success<R extends Outcome> = Extract<R, { data: unknown }> & Outcome;

/** Whether the call succeeded: an OK status and no error body. */
function succeeded<R extends Outcome>(outcome: R): outcome is Success<R> {
  return outcome.error === undefined && outcome.response.ok;
}

/**
 * The answer of a typed call: its body, typed by the document (`undefined` for 204 No Content).
 * @throws {ApiError} status 0 'Network error. Please check your connection.' when fetch fails
 *   (an abort rethrows as is); the HTTP status and the server's `error`/`message` (else `HTTP
 *   {status}: {statusText}`), `code` and `details` when the answer is not OK.
 */
export async function answer<R extends Outcome>(call: Promise<R>): Promise<Success<R>['data']> {
  let outcome: R;
  try {
    outcome = await call;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
  if (!succeeded(outcome)) throw apiErrorOf(outcome.response, outcome.error);
  return outcome.data;
}
