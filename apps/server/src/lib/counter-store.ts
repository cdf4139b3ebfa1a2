/** A counter's window after a hit: `count` hits since it opened; it closes at `resetAt`. */
export interface CounterWindow {
  count: number;
  resetAt: Date;
  /** The newest hit (the login throttle's back-off runs from it). */
  lastHitAt: Date;
}

/**
 * Fixed-window counters that every app instance shares (ADR 0009): in
 * PostgreSQL (`rate_limit_counters`) by default, in Redis when REDIS_URL is set. Nothing is
 * kept in process memory, so a limit reached through one instance holds on the others.
 * Times come from the caller's clock (`now`), so tests can move through windows.
 */
export interface CounterStore {
  /**
   * Counts one hit on `key`. When the key's window has closed (or never opened) a new one of
   * `windowMs` milliseconds opens at `now` with count 1. Returns the window after the hit.
   */
  hit(key: string, windowMs: number, now: Date): Promise<CounterWindow>;
  /** The key's open window at `now`, or null (no hits, or the window has closed). */
  read(key: string, now: Date): Promise<CounterWindow | null>;
  /**
   * Takes back one hit on `key` while its window is open at `now` (never below 0): the login
   * throttle counts an attempt before it checks the password (increment, then compare, so
   * parallel attempts cannot all pass one read) and gives the hit back when the attempt turns
   * out not to count (refused, or the right password).
   */
  release(key: string, now: Date): Promise<void>;
  /** Forgets a key (e.g. a successful login clears its address's failures for the account). */
  reset(key: string): Promise<void>;
  /** Releases connections (Redis); the PostgreSQL store borrows the app's pool. */
  close(): Promise<void>;
}
