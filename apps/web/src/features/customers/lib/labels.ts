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

/**
 * The toast text of a failed customer call: the server's message when it
 * says something specific (400 validation, 404 gone, 409 duplicate e-mail or cards still
 * assigned), else the generic `fallback` ('Failed to … customer. Please try again.').
 */
export function customerFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [400, 404, 409, 422].includes(error.status) && error.message) return error.message;
  return fallback;
}
