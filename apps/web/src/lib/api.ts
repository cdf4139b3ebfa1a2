/**
 * The one HTTP client of the web app.
 *
 * Every call goes to the same-origin base path `/api` with cookies included (the session is
 * an HttpOnly cookie) and JSON bodies. Feature code never calls `fetch` directly: it calls
 * `api.get/post/put/delete` from its per-endpoint file (`features/<area>/api/*.ts`).
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

/** Options of one call: extra headers (e.g. `Idempotency-Key`), an abort signal. */
export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function readErrorBody(body: unknown): { error?: string; message?: string; code?: string; details?: unknown } {
  if (body && typeof body === 'object') return body as Record<string, never>;
  return {};
}

/** Sends one request; a failed fetch becomes ApiError(0, NETWORK_ERROR_MESSAGE). Aborts rethrow. */
async function send(method: Method, path: string, body: unknown, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
}

/** Reads a body as JSON; null when empty or not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The ApiError of a non-OK answer: the body's `error`, else `message`, else `HTTP {status}: {statusText}`. */
export function apiErrorOf(response: Response, parsed: unknown): ApiError {
  const err = readErrorBody(parsed);
  const message =
    (typeof err.error === 'string' && err.error) || (typeof err.message === 'string' && err.message) || `HTTP ${response.status}: ${response.statusText}`;
  return new ApiError(response.status, message, typeof err.code === 'string' ? err.code : undefined, err.details);
}

/**
 * Sends one JSON request to `${API_BASE}${path}` and returns the parsed JSON answer.
 *
 * @param method HTTP method.
 * @param path Path below `/api`, starting with '/' (e.g. `/auth/me`).
 * @param body Optional JSON body (serialised with JSON.stringify).
 * @returns The parsed body typed as `T`; `null` for 204 No Content or an empty body.
 * @throws {ApiError} status 0 'Network error. Please check your connection.' when fetch fails;
 *   the HTTP status and the server's `error`/`message` (else `HTTP {status}: {statusText}`) when
 *   the answer is not OK.
 */
export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, body, options, 'application/json');
  if (response.status === 204) return null as T;
  const parsed = await readJson(response);
  if (!response.ok) throw apiErrorOf(response, parsed);
  return parsed as T;
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

/**
 * Sends one request whose answer is a file (QR images, zips, CSV exports): same base path,
 * cookies, JSON body and errors as {@link request}, but the answer is returned as a Blob.
 * @throws {ApiError} as {@link request} (the error body of a failed download is JSON).
 */
export async function requestFile(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<FileResponse> {
  const response = await send(method, path, body, options, '*/*');
  if (!response.ok) throw apiErrorOf(response, await readJson(response));
  const blob = await response.blob();
  return { blob, filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')) };
}

/** Shorthands of {@link request}; same answers and errors. */
export const api = {
  /** GET `/api{path}` → parsed JSON (null on 204). Throws ApiError. */
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  /** POST `/api{path}` with a JSON body → parsed JSON (null on 204). Throws ApiError. */
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  /** PUT `/api{path}` with a JSON body → parsed JSON (null on 204). Throws ApiError. */
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  /** DELETE `/api{path}` → parsed JSON (null on 204). Throws ApiError. */
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
