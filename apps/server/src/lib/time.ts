/** Calendar helpers on UTC instants, shared by the server's modules. Pure. */

/** One day in milliseconds (24 h: UTC has no daylight saving). */
export const DAY_MS = 86_400_000;

/** One hour in milliseconds. */
export const HOUR_MS = 3_600_000;

/**
 * The start (00:00:00.000 UTC) of the UTC calendar month containing `at`, moved by `months`
 * months (negative: earlier; 0: this month; 1: next month, i.e. this month's exclusive end).
 * Date.UTC normalises month overflow, so December + 1 is January of the next year.
 */
export function utcMonthStart(at: Date, months = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

/** The start (00:00:00.000 UTC) of the UTC day containing `at`. */
export function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** `at` plus `days` days of 24 h (negative: earlier). */
export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}
