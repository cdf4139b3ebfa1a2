import { INVALID_CREDENTIALS, SIGN_IN_EXPIRED, throttledMessage, WRONG_SIGN_IN_CODE } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { AppError, RateLimitedError, unauthenticated } from '../../errors.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthUser, RequestContext } from '../../context.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { findLoginAccount, hasTwoFactor, twoFactorAccount } from '../users/index.ts';
import { DEVICE_TTL_SECONDS, deviceHashOf, isTrustedDevice, trustDevice } from './devices.ts';
import { signIn, login, type SignedIn } from './service.ts';
import { LoginThrottle, type LoginAttempt } from './throttle.ts';
import { checkSecondFactor, issuePendingLogin, PENDING_LOGIN_TTL_MS, pendingLoginUserId, spendPendingLogin } from './two-factor.ts';

/**
 * Sign-in as use cases (ADR 0009, ADR 0024, ADR 0029): the routes hand in plain values (the
 * e-mail, the password or code, the client address, the tokens of the browser's device and
 * pending sign-in cookies) and set the cookies these return. The login throttle and the
 * trusted-device decision live here, not in the routes.
 */

/** What the browser sent for a sign-in: the client address is `request.ip` (honouring TRUST_PROXY). */
export interface SignInClient {
  clientAddress: string;
  /** The device cookie's token as sent, or undefined (ADR 0009). */
  deviceToken: string | undefined;
}

/** A sign-in that finished: the answer, the session for the session cookie, and the new device token for the device cookie (lifetime `deviceTtlSeconds`). */
export interface TrustedSignIn extends SignedIn {
  deviceToken: string;
  deviceTtlSeconds: number;
}

/** The outcome of a right password: signed in, or waiting for the second factor (a pending sign-in token for its cookie, lifetime `pendingTtlSeconds`). */
export type LoginOutcome = ({ twoFactorRequired: false } & TrustedSignIn) | { twoFactorRequired: true; pendingLoginToken: string; pendingTtlSeconds: number };

/**
 * The throttle's attempt for `email` from `client` (its device counts as trusted only when it
 * has signed in to this account before), counted before the secret is checked: increment, then
 * compare, so parallel guesses get no more tries than guesses in a row. Throws RATE_LIMITED
 * (`throttledMessage`, with its Retry-After seconds) when the throttle holds it back.
 */
async function beginAttempt(db: Database, throttle: LoginThrottle, email: string, client: SignInClient, now: Date): Promise<LoginAttempt> {
  const device = deviceHashOf(client.deviceToken);
  const attempt = { email, ip: client.clientAddress, trustedDevice: device && (await isTrustedDevice(db, device, email, now)) ? device : null };
  const verdict = await throttle.begin(attempt, (await getPlatformSettings(db)).security.maxLoginAttempts, now);
  if (!verdict.allowed) throw new RateLimitedError(throttledMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
  return attempt;
}

/**
 * Signs `user` in once every factor passed, from the browser of `deviceToken`: the device is
 * trusted for the account (a new device token, ADR 0009) and a session starts (`signIn`).
 * Used by the password sign-in, the second factor and the accepted invitation.
 */
export async function signInFromDevice(db: Database, user: AuthUser, deviceToken: string | undefined, ctx: RequestContext): Promise<TrustedSignIn> {
  const { now } = ctx;
  const newDeviceToken = await trustDevice(db, deviceToken, user.id, now);
  return { ...(await signIn(db, user, ctx)), deviceToken: newDeviceToken, deviceTtlSeconds: DEVICE_TTL_SECONDS };
}

/**
 * POST /api/auth/login's use case: the login throttle (ADR 0009), the password, then either a
 * sign-in (device trusted, session started) or, for an account with two-factor on, a pending
 * sign-in for /2fa/verify (ADR 0024). Only a wrong password (or an unknown e-mail) counts as a
 * failure: a deactivated account given its right password gives its hit back, and so does a
 * right password that waits for its second factor (whose codes count on their own).
 * Throws RATE_LIMITED with Retry-After seconds (throttled), UNAUTHENTICATED INVALID_CREDENTIALS
 * or DEACTIVATED_ACCOUNT.
 */
export async function loginWithPassword(
  db: Database,
  counters: CounterStore,
  input: SignInClient & { email: string; password: string },
  ctx: RequestContext,
): Promise<LoginOutcome> {
  const { now } = ctx;
  const throttle = new LoginThrottle(counters);
  const attempt = await beginAttempt(db, throttle, input.email, input, now);
  let user;
  try {
    user = await login(db, input.email, input.password);
  } catch (err) {
    if (!(err instanceof AppError && err.message === INVALID_CREDENTIALS)) await throttle.cancel(attempt, now);
    throw err;
  }
  if (await hasTwoFactor(db, user.id)) {
    await throttle.cancel(attempt, now);
    return { twoFactorRequired: true, pendingLoginToken: await issuePendingLogin(db, user.id, now), pendingTtlSeconds: PENDING_LOGIN_TTL_MS / 1000 };
  }
  await throttle.recordSuccess(attempt, now);
  return { twoFactorRequired: false, ...(await signInFromDevice(db, user, input.deviceToken, ctx)) };
}

/**
 * POST /api/auth/2fa/verify's use case (ADR 0024): the pending sign-in of `pendingLoginToken`
 * finished with a TOTP or recovery `code`. Codes are throttled like passwords (ADR 0009) and a
 * wrong one keeps its hit; a right one spends the pending sign-in and signs in from the device.
 * Throws UNAUTHENTICATED SIGN_IN_EXPIRED (no live pending sign-in, or the account is gone or
 * off), RATE_LIMITED with Retry-After seconds, UNAUTHENTICATED WRONG_SIGN_IN_CODE.
 */
export async function verifySecondFactorSignIn(
  db: Database,
  box: SecretBox,
  counters: CounterStore,
  input: SignInClient & { pendingLoginToken: string | undefined; code: string },
  ctx: RequestContext,
): Promise<TrustedSignIn> {
  const { now } = ctx;
  const token = input.pendingLoginToken;
  const userId = await pendingLoginUserId(db, token, now);
  const account = userId ? await twoFactorAccount(db, userId) : null;
  const user = account ? await findLoginAccount(db, account.email) : null;
  if (!token || !user || !user.active) throw unauthenticated(SIGN_IN_EXPIRED);
  const throttle = new LoginThrottle(counters);
  const attempt = await beginAttempt(db, throttle, user.email, input, now);
  if (!(await checkSecondFactor(db, box, user.id, input.code, ctx))) throw unauthenticated(WRONG_SIGN_IN_CODE);
  await spendPendingLogin(db, token, now);
  await throttle.recordSuccess(attempt, now);
  const { passwordHash: _p, active: _a, ...signedIn } = user;
  return signInFromDevice(db, signedIn, input.deviceToken, ctx);
}
