import type { FastifyReply } from 'fastify';
import { setSessionCookie } from './session.ts';

/**
 * The sign-in's cookies besides the session's (http/session.ts), all HttpOnly and
 * SameSite=Lax, `secure` over HTTPS. The auth use cases hand the routes plain tokens and
 * lifetimes; only the routes set cookies (ADR 0029).
 */

/** The device cookie (ADR 0009): it marks a browser the account has signed in from; sent only to /api/auth. */
export const DEVICE_COOKIE = 'did';
/** The pending sign-in cookie between a right password and the second factor (ADR 0024); sent only to /api/auth/2fa. */
export const PENDING_LOGIN_COOKIE = 'tfa';

/** Sets the device cookie to `token` for `ttlSeconds` seconds. */
function setDeviceCookie(reply: FastifyReply, token: string, ttlSeconds: number, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, token, { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure, maxAge: ttlSeconds });
}

/** Sets the pending sign-in cookie to `token` for `ttlSeconds` seconds. */
export function setPendingLoginCookie(reply: FastifyReply, token: string, ttlSeconds: number, secure: boolean): void {
  reply.setCookie(PENDING_LOGIN_COOKIE, token, { path: '/api/auth/2fa', httpOnly: true, sameSite: 'lax', secure, maxAge: ttlSeconds });
}

/** Clears the pending sign-in cookie (the sign-in finished). */
export function clearPendingLoginCookie(reply: FastifyReply): void {
  reply.clearCookie(PENDING_LOGIN_COOKIE, { path: '/api/auth/2fa' });
}

/** A finished sign-in as the auth use cases return it: the answer, the session, and the trusted device's token when there is one. */
export interface SignInCookies<R> {
  response: R;
  session: { token: string; ttlSeconds: number };
  deviceToken?: string;
  deviceTtlSeconds?: number;
}

/**
 * Sets the cookies of a finished sign-in: the device cookie first when the sign-in trusted the
 * browser (ADR 0009), then the session cookie. Returns the answer to send.
 */
export function setSignInCookies<R>(reply: FastifyReply, signedIn: SignInCookies<R>, secure: boolean): R {
  if (signedIn.deviceToken !== undefined) setDeviceCookie(reply, signedIn.deviceToken, signedIn.deviceTtlSeconds ?? 0, secure);
  setSessionCookie(reply, signedIn.session.token, signedIn.session.ttlSeconds, secure);
  return signedIn.response;
}
