import { ApiError } from '@/lib/api';

/** Any customer-shaped object with a name. */
interface Named {
  firstName: string;
  lastName: string;
}

/** 'First Last' of a customer. */
export function fullName(c: Named): string {
  return `${c.firstName} ${c.lastName}`.trim();
}

/** The initials of the avatar: first letters of first and last name, upper-cased ('JC'). */
export function initials(c: Named): string {
  const letter = (s: string) => Array.from(s.trim())[0] ?? '';
  return (letter(c.firstName) + letter(c.lastName)).toUpperCase() || '?';
}

/** One `{ field, message }` entry of a 400/409 error body's `details`. */
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * The field issues of an API error (`details: [{ field, message }]`, decisions.md 'API
 * shape'); an entry without its own message takes the error's message (a 409 on `email`).
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

/**
 * The toast text of a failed customer call (spec §8 'Customers'): the server's message when it
 * says something specific (400 validation, 404 gone, 409 duplicate e-mail or cards still
 * assigned), else the spec's generic `fallback` ('Failed to … customer. Please try again.').
 */
export function customerFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [400, 404, 409, 422].includes(error.status) && error.message) return error.message;
  return fallback;
}
