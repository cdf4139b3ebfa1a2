import { DAY_MS, HOUR_MS } from '../../lib/time.ts';

/** The delivery rules of outgoing webhooks: batch sizes, the retry schedule, the round and the disabling windows. */

/** Deliveries the endpoint's log lists: the newest 100. */
export const DELIVERY_LOG_SIZE = 100;

/**
 * Waits after a failed attempt, in milliseconds, by attempt of the round (Standard Webhooks'
 * suggested schedule, an exponential back-off): after the 1st failure 5 s,
 * then 5 min, 30 min, 2 h, 5 h, 10 h, and 10 h again for every later one.
 */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * HOUR_MS, 5 * HOUR_MS, 10 * HOUR_MS] as const;

/** How long a round of attempts lasts (from creation or the last Resend): 3 days. */
export const RETRY_WINDOW_MS = 3 * DAY_MS;

/** An endpoint whose deliveries have failed for this long (from `failing_since`) is disabled: 5 days. */
export const DISABLE_AFTER_MS = 5 * DAY_MS;

/** `disabled_reason` of an endpoint the worker disabled. */
export const DISABLED_REASON = 'Disabled after 5 days of failed deliveries';

/** `response_excerpt` of a pending delivery stopped, before any attempt, because its endpoint was disabled. */
export const STOPPED_NOT_SENT = 'not sent: the endpoint was disabled';

/** Deliveries one dispatch run claims at most. */
export const DISPATCH_BATCH = 50;

/** Deliveries of one run sent at the same time. */
export const PARALLEL_SENDS = 5;

/** How long a claim holds a delivery (ms): a crashed worker's claim lapses after this and the delivery is attempted again. */
export const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * The wait (ms) after the `attempt`-th attempt of a round failed (1-based; Standard
 * Webhooks' schedule): 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h for the 6th and every later one.
 */
export function retryDelayMs(attempt: number): number {
  return RETRY_SCHEDULE_MS[Math.min(Math.max(1, attempt), RETRY_SCHEDULE_MS.length) - 1];
}

/**
 * Which attempt of its round a claimed delivery is making (1-based), from what the row keeps:
 * the first when it was never attempted or not since the round began (a Resend); else one
 * more than the attempt whose failure set the wait it just waited (`nextAttemptAt` −
 * `lastAttemptAt`, always a RETRY_SCHEDULE_MS step: both are written from the same clock).
 * A wait of 10 h counts as the 6th step (every later one is 10 h as well, which gives the same
 * next wait).
 */
export function attemptOfRound(row: { roundStartedAt: Date; lastAttemptAt: Date | null; nextAttemptAt: Date | null }): number {
  if (!row.lastAttemptAt || !row.nextAttemptAt || row.lastAttemptAt.getTime() < row.roundStartedAt.getTime()) return 1;
  const waited = row.nextAttemptAt.getTime() - row.lastAttemptAt.getTime();
  let step = 0;
  for (let i = 0; i < RETRY_SCHEDULE_MS.length; i++) if (RETRY_SCHEDULE_MS[i] <= waited) step = i + 1;
  return Math.max(1, step) + 1;
}

/**
 * When the next attempt falls after the `attempt`-th attempt of a round failed at `failedAt`:
 * `failedAt + retryDelayMs(attempt)`, or null (give up: the delivery is 'failed') when that
 * falls after `roundStartedAt` + 3 days (RETRY_WINDOW_MS).
 */
export function nextAttemptAfter(failedAt: Date, attempt: number, roundStartedAt: Date): Date | null {
  const next = failedAt.getTime() + retryDelayMs(attempt);
  return next > roundStartedAt.getTime() + RETRY_WINDOW_MS ? null : new Date(next);
}
