import createClient from 'openapi-fetch';
import { ApiError, NETWORK_ERROR_MESSAGE, apiErrorOf, filenameFromContentDisposition, type FileResponse } from '@/lib/api';
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

/** The outcome of `call`; a failed fetch becomes ApiError(0, NETWORK_ERROR_MESSAGE) and an abort rethrows. */
async function settle<R extends Outcome>(call: Promise<R>): Promise<R> {
  try {
    return await call;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
}

/**
 * The answer of a typed call: its body, typed by the document (`undefined` for 204 No Content).
 * @throws {ApiError} status 0 'Network error. Please check your connection.' when fetch fails
 *   (an abort rethrows as is); the HTTP status and the server's `error`/`message` (else `HTTP
 *   {status}: {statusText}`), `code` and `details` when the answer is not OK.
 */
export async function answer<R extends Outcome>(call: Promise<R>): Promise<Success<R>['data']> {
  const outcome = await settle(call);
  if (!succeeded(outcome)) throw apiErrorOf(outcome.response, outcome.error);
  return outcome.data;
}

/**
 * The file a typed call answered (a CSV export, a QR image or zip, a PDF): call with `parseAs:
 * 'blob'`. Returns its bytes and the name of its `Content-Disposition` (null when absent).
 * @throws {ApiError} as {@link answer} (a failed download's body is the JSON error).
 */
export async function answerFile(call: Promise<{ data?: Blob; error?: unknown; response: Response }>): Promise<FileResponse> {
  const outcome = await settle(call);
  if (outcome.error !== undefined || !outcome.response.ok || outcome.data === undefined) throw apiErrorOf(outcome.response, outcome.error);
  return { blob: outcome.data, filename: filenameFromContentDisposition(outcome.response.headers.get('Content-Disposition')) };
}
