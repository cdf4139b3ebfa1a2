import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthResponse, ErrorBody, TwoFactorCodeRequest, TwoFactorEnableResponse, TwoFactorSetupResponse, TwoFactorVerifyRequest } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { AppError, forbidden, unauthenticated } from '../../errors.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { clearPendingLoginCookie, DEVICE_COOKIE, PENDING_LOGIN_COOKIE, setSignInCookies } from '../../http/auth-cookies.ts';
import { verifySecondFactorSignIn } from './login.ts';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from './two-factor.ts';

/** HKDF label of the key that seals TOTP secrets (lib/secret-box.ts; docs/security.md 'Secrets'). */
const TOTP_SECRET_KEY_LABEL = 'loyalty-cards totp-secret v1';
/** 403 text for a customer: two-factor sign-in is for staff and the operator. */
const STAFF_ONLY_TWO_FACTOR = 'Two-factor authentication is for staff and platform admin accounts';

/** onRequest of /setup, /enable, /disable: 401 signed out, 403 STAFF_ONLY_TWO_FACTOR for a customer (before the body is read). */
async function requireStaffOrOperator(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (request.user.role === 'customer') throw forbidden(STAFF_ONLY_TWO_FACTOR);
}

/** Enable/disable attempts per user in 15 minutes (a signed-in guesser of codes is held back). */
const TWO_FACTOR_CHANGE_LIMIT = 10;

/**
 * Two-factor routes under /api/auth/2fa (ADR 0024; docs/security.md):
 * - POST /setup → 200 TwoFactorSetupResponse `{ secret, otpauthUrl }` (signed-in staff or
 *   platform admin; a customer 403); 409 when on. POST /enable `{ code }` → 200 `{ recoveryCodes }` (ten, shown once); 400
 *   malformed or wrong code, or no set-up; 409 when on. POST /disable `{ code }` → 204; 400
 *   malformed or wrong code; 409 when off; 422 while the operator requires it for the role. These
 *   three answer 401 signed out and 403 to a customer (before the body is read) and 429 after TWO_FACTOR_CHANGE_LIMIT
 *   attempts in 15 minutes per user (/setup is not limited).
 * - POST /verify `{ code }` (a TOTP code, one step of drift, each once; or a recovery code) →
 *   200 AuthResponse with the session and device cookies, as POST /login answers: it finishes
 *   the sign-in the pending cookie (set by /login, 5 minutes) stands for. 401 SIGN_IN_EXPIRED
 *   without a live pending sign-in; 401 WRONG_SIGN_IN_CODE, counted in the login throttle (ADR
 *   0009: the same counters as wrong passwords); 429 when the throttle or the flood limit holds
 *   the attempt back; 400 for a code of neither form (counts nothing).
 * The TOTP secret is sealed under a key derived from QR_TOKEN_SECRET (`TOTP_SECRET_KEY_LABEL`).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; counters: CounterStore }> = async (app, { db, config, counters }) => {
  const box = secretBox(config.qrTokenSecret, TOTP_SECRET_KEY_LABEL);
  const flood = app.createRateLimit({ max: config.loginRateLimit, timeWindow: 60_000, keyGenerator: (r) => `login:${r.ip}` });
  const perUser = app.createRateLimit({ max: TWO_FACTOR_CHANGE_LIMIT, timeWindow: 15 * 60_000, keyGenerator: (r) => `2fa-change:${r.user?.id ?? ''}` });
  /** 429 RATE_LIMITED with Retry-After when `limiter` says the request is over its limit. */
  const limit = (limiter: typeof flood) => async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.');
    }
  };
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody };

  app.post(
    '/setup',
    {
      onRequest: requireStaffOrOperator,
      schema: {
        summary: 'Start setting up two-factor sign-in',
        description:
          'Answers a new authenticator secret and its otpauth URL for a staff member or platform admin (403 for a customer); 409 when two-factor sign-in is already on.',
        tags: ['auth'],
        response: { 200: TwoFactorSetupResponse, ...errors },
      },
    },
    async (request) => startTwoFactorSetup(db, box, request.ctx),
  );

  app.post(
    '/enable',
    {
      onRequest: [requireStaffOrOperator, limit(perUser)],
      schema: {
        summary: 'Turn on two-factor sign-in',
        description:
          'Checks a code from the authenticator set up with POST /api/auth/2fa/setup and answers ten recovery codes, shown this once. 400 for a wrong code, 409 when already on; 429 after 10 attempts in 15 minutes.',
        tags: ['auth'],
        body: TwoFactorCodeRequest,
        response: { 200: TwoFactorEnableResponse, ...errors },
      },
    },
    async (request) => ({ recoveryCodes: await enableTwoFactor(db, box, request.ctx, request.body.code) }),
  );

  app.post(
    '/disable',
    {
      onRequest: [requireStaffOrOperator, limit(perUser)],
      schema: {
        summary: 'Turn off two-factor sign-in',
        description:
          'Needs a current authenticator or recovery code. 409 when it is off, 422 while the operator requires two-factor sign-in for the role; 429 after 10 attempts in 15 minutes.',
        tags: ['auth'],
        body: TwoFactorCodeRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(db, box, request.ctx, request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/verify',
    {
      preHandler: limit(flood),
      schema: {
        summary: 'Finish signing in with a two-factor code',
        description:
          'Takes an authenticator code or a recovery code for the pending sign-in that POST /api/auth/login started, and sets the session and device cookies. 401 when the pending sign-in expired or the code is wrong (counted like a wrong password); 429 when throttled.',
        tags: ['auth'],
        body: TwoFactorVerifyRequest,
        response: { 200: AuthResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const signedIn = await verifySecondFactorSignIn(
        db,
        box,
        counters,
        {
          pendingLoginToken: request.cookies[PENDING_LOGIN_COOKIE],
          code: request.body.code,
          clientAddress: request.ip,
          deviceToken: request.cookies[DEVICE_COOKIE],
        },
        request.ctx,
      );
      clearPendingLoginCookie(reply);
      return setSignInCookies(reply, signedIn, config.cookieSecure);
    },
  );
};
