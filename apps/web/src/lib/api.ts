/**
 * What every API call of the web app shares: the error it fails with (ApiError), how a failed
 * answer becomes one, the field issues of a 400, and the file name of a download. The calls
 * themselves go through the typed client (`api/client.ts`, ADR 0038); feature code never calls
 * `fetch` directly.
 */

/** Base path of every API call. */
export const API_BASE = '/api';

/** Message of a failed `fetch` (no answer at all). */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';

/**
 * Error thrown for every failed call.
 * - `status`: the HTTP status, or 0 when the request never got an answer (network failure).
 * - `message`: the body's `error` field, else its `message` field, else `HTTP {status}: {statusText}`.
 * - `code`: the machine code of the `{ error, code, details }` body (e.g. `SUBSCRIPTION_REQUIRED`),
 *   `NETWORK_ERROR` for status 0, undefined when the body had none.
 * - `details`: the body's `details` (400s list the invalid fields).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(status: number, message: string, code?: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** One `{ field, message }` entry of a 400/409 error body's `details`. */
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * The field issues of an API error (`details: [{ field, message }]`), the `body.` prefix removed;
 * an entry without its own message takes the error's message (a 409 on `email` or `slug`). [] for
 * anything else.
 */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  const issues: FieldIssue[] = [];
  for (const d of error.details as unknown[]) {
    if (!d || typeof d !== 'object') continue;
    const { field, message } = d as { field?: unknown; message?: unknown };
    if (typeof field !== 'string') continue;
    issues.push({ field: field.replace(/^body\./, ''), message: typeof message === 'string' && message ? message : error.message });
  }
  return issues;
}

/** Whether `error` is an {@link ApiError} with the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The message to show for a failed call: the ApiError's message (the server's text), else
 * `fallback` (text of that screen, e.g. 'Login failed').
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** The fields of a JSON error body, or none when the body is not an object. */
function readErrorBody(body: unknown): { error?: unknown; message?: unknown; code?: unknown; details?: unknown } {
  return body && typeof body === 'object' ? body : {};
}

/** The ApiError of a non-OK answer: the body's `error`, else `message`, else `HTTP {status}: {statusText}`. */
export function apiErrorOf(response: Response, parsed: unknown): ApiError {
  const err = readErrorBody(parsed);
  const message =
    (typeof err.error === 'string' && err.error) || (typeof err.message === 'string' && err.message) || `HTTP ${response.status}: ${response.statusText}`;
  return new ApiError(response.status, message, typeof err.code === 'string' ? err.code : undefined, err.details);
}

/** A file answered by the API: its bytes and the name from `Content-Disposition` (null when absent). */
export interface FileResponse {
  blob: Blob;
  filename: string | null;
}

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 5987) first, else
 * `filename="…"`; path separators removed. Null when the header names no file.
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*[\w-]+'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) name = /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ?? null;
  const safe = name?.replace(/[\\/]/g, '_').trim();
  return safe || null;
}
