import { isApiError } from '@/lib/api';

/**
 * The field messages of a failed save, read from the error body's `details` (400s, and some 409s,
 * list `[{ field: 'body.<name>', message }]`), keeping only the names in `fields`. Empty when the
 * error carries none. Used to put the server's text under the field it is about (a duplicate e-mail
 * or store name, the last active Store Admin).
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): Array<{ field: F; message: string }> {
  if (!isApiError(error) || !Array.isArray(error.details)) return [];
  const out: Array<{ field: F; message: string }> = [];
  for (const item of error.details as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { field, message } = item as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const name = field.replace(/^body\./, '') as F;
    if (fields.includes(name)) out.push({ field: name, message });
  }
  return out;
}

/**
 * The toast text of a failed save ("server text or 'Failed to …'"): the
 * server's `error` text when its answer carried one (a `{ error, code }` body), else `fallback`
 * (no answer at all, or an answer without an error body such as a proxy's 502 page).
 */
export function saveErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status !== 0 && error.code && error.message) return error.message;
  return fallback;
}
