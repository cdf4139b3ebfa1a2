import { createHash } from 'node:crypto';
import type { CounterStore } from '../../lib/counter-store.ts';

/** 15 minutes: the window of the per (account, address), per address and per device failure counts. */
const SHORT_WINDOW_MS = 15 * 60_000;
/** 24 hours: the window of an account's failures from devices it has not signed in from. */
const DAY_WINDOW_MS = 24 * 60 * 60_000;
/** Longest back-off between two guesses at an account (ms). */
const MAX_BACKOFF_MS = 15 * 60_000;

/**
 * The limits of ADR 0009, all derived from the platform setting maxLoginAttempts (M, default
 * 10). Counts are of wrong passwords only; a refused (429) attempt checks no password and
 * counts nothing.
 * - `pair`: M per (account, client address) per 15 min;
 * - `address`: 3·M per client address per 15 min, whatever the accounts;
 * - `device`: M per (account, trusted device) per 15 min;
 * - `accountFree`: 3·M per account per day from untrusted devices before back-off starts;
 *   then each further guess waits 2^(n − 3·M) seconds after the last (at most 15 min);
 * - `accountDaily`: 10·M per account per day from untrusted devices, then none until the
 *   day's window closes. A device the account has signed in from is exempt from these two.
 */
function throttleLimits(maxAttempts: number) {
  return { pair: maxAttempts, address: 3 * maxAttempts, device: maxAttempts, accountFree: 3 * maxAttempts, accountDaily: 10 * maxAttempts };
}

/** Who is trying to sign in: the e-mail typed, the client address, the trusted device (if any). */
export interface LoginAttempt {
  /** Lower-case e-mail, as typed (known or not: unknown ones are throttled alike). */
  email: string;
  /** The real client address (request.ip under TRUST_PROXY). */
  ip: string;
  /** SHA-256 of the device cookie when that device has signed in to this account before; else null. */
  trustedDevice: string | null;
}

/** The verdict of `checkLogin`: go ahead, or wait `retryAfterSeconds` (≥ 1). */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const h = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/** Counter keys of an attempt (hashed: the counters table holds no e-mail addresses). */
function keys(a: LoginAttempt) {
  const acct = h(a.email);
  return {
    pair: `login-fail:pair:${acct}:${a.ip}`,
    address: `login-fail:ip:${a.ip}`,
    device: a.trustedDevice ? `login-fail:device:${acct}:${a.trustedDevice.slice(0, 22)}` : null,
    account: `login-fail:acct:${acct}`,
  };
}

/**
 * The login throttle of ADR 0009 (OWASP Authentication Cheat Sheet, 'Login Throttling' and
 * 'Account Lockout' with device cookies), on a CounterStore shared by every instance.
 *
 * An attempt is counted before its password is checked (`begin`: read, then increment and
 * compare, each increment one statement or one Redis command), so attempts sent in parallel
 * cannot all pass one read: they get no more guesses than the same attempts in a row. An
 * attempt that turns out not to count gives its hits back (`cancel`, `recordSuccess`).
 */
export class LoginThrottle {
  constructor(private readonly counters: CounterStore) {}

  /**
   * Whether an attempt may check its password now, given M = maxAttempts (see
   * `throttleLimits`), from the counters as they are (no hit). Refusals carry the seconds
   * until the blocking window or back-off ends.
   */
  async check(a: LoginAttempt, maxAttempts: number, now: Date): Promise<ThrottleVerdict> {
    return (await this.read(a, maxAttempts, now)).verdict;
  }

  /** The counters of an attempt and the verdict they give; `accountCount` is the account's count read (0: none open). */
  private async read(a: LoginAttempt, maxAttempts: number, now: Date): Promise<{ verdict: ThrottleVerdict; accountCount: number }> {
    const limit = throttleLimits(maxAttempts);
    const k = keys(a);
    const [pair, address, device, account] = await Promise.all([
      this.counters.read(k.pair, now),
      this.counters.read(k.address, now),
      k.device ? this.counters.read(k.device, now) : null,
      k.device ? null : this.counters.read(k.account, now),
    ]);
    const waits: number[] = [];
    if (pair && pair.count >= limit.pair) waits.push(pair.resetAt.getTime() - now.getTime());
    if (address && address.count >= limit.address) waits.push(address.resetAt.getTime() - now.getTime());
    if (device && device.count >= limit.device) waits.push(device.resetAt.getTime() - now.getTime());
    if (account) {
      if (account.count >= limit.accountDaily) waits.push(account.resetAt.getTime() - now.getTime());
      else if (account.count >= limit.accountFree) {
        const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (account.count - limit.accountFree));
        const until = Math.min(account.lastHitAt.getTime() + backoff, account.resetAt.getTime());
        if (until > now.getTime()) waits.push(until - now.getTime());
      }
    }
    const accountCount = account?.count ?? 0;
    if (waits.length === 0) return { verdict: { allowed: true }, accountCount };
    return { verdict: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) }, accountCount };
  }

  /**
   * Counts an attempt before its password is checked: `check`, then one hit on the pair, the
   * address, and the device or (untrusted) the account, each compared with its limit after
   * the increment. When a hit went past a limit (a parallel attempt took the last guess), or
   * the account is in back-off and another guess came in since the read, the hits are given
   * back and the attempt is refused like `check` refuses. An allowed attempt stays counted (a
   * wrong password); call `recordSuccess` after a right one, `cancel` when it must not count.
   */
  async begin(a: LoginAttempt, maxAttempts: number, now: Date): Promise<ThrottleVerdict> {
    const seen = await this.read(a, maxAttempts, now);
    if (!seen.verdict.allowed) return seen.verdict;
    const limit = throttleLimits(maxAttempts);
    const k = keys(a);
    const [pair, address, third] = await Promise.all([
      this.counters.hit(k.pair, SHORT_WINDOW_MS, now),
      this.counters.hit(k.address, SHORT_WINDOW_MS, now),
      k.device ? this.counters.hit(k.device, SHORT_WINDOW_MS, now) : this.counters.hit(k.account, DAY_WINDOW_MS, now),
    ]);
    const over =
      pair.count > limit.pair ||
      address.count > limit.address ||
      (k.device ? third.count > limit.device : third.count > limit.accountDaily || (third.count > limit.accountFree && third.count !== seen.accountCount + 1));
    if (!over) return { allowed: true };
    await this.cancel(a, now);
    const after = await this.check(a, maxAttempts, now);
    return after.allowed ? { allowed: false, retryAfterSeconds: 1 } : after;
  }

  /** Gives back the hits of `begin` (an attempt that must not count: a deactivated account's right password, or a refusal). */
  async cancel(a: LoginAttempt, now: Date): Promise<void> {
    const k = keys(a);
    await Promise.all([this.counters.release(k.pair, now), this.counters.release(k.address, now), this.counters.release(k.device ?? k.account, now)]);
  }

  /**
   * A right password: forgets this address's (and device's) failures for the account and gives
   * back the attempt's hits on the address and the account. The account's daily count of
   * failures stays, so the owner signing in does not renew a guesser's budget.
   */
  async recordSuccess(a: LoginAttempt, now: Date): Promise<void> {
    const k = keys(a);
    await Promise.all([
      this.counters.reset(k.pair),
      this.counters.release(k.address, now),
      k.device ? this.counters.reset(k.device) : this.counters.release(k.account, now),
    ]);
  }
}
