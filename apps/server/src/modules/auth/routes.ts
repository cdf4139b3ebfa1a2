import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInvitationRequest,
  AuthResponse,
  InvitationInfo,
  ErrorBody,
  FORGOT_PASSWORD_SENT,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginOptions,
  LoginRequest,
  LoginResponse,
  PASSWORD_RESET_DONE,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SignupRequest,
} from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CounterStore } from '../../http/counters.ts';
import { AppError, unauthenticated } from '../../http/errors.ts';
import { getPlatformSettings } from '../settings/service.ts';
import { endSession } from '../users/sessions.ts';
import { hasTwoFactor } from '../users/service.ts';
import { deviceHashOf, isTrustedDevice, trustDevice } from './devices.ts';
import { acceptInvitation, invitationInfo } from './invitations.ts';
import { queuePasswordReset, resetPassword } from './password-reset.ts';
import { authResponse, login, signIn, signup } from './service.ts';
import { issuePendingLogin, setPendingLoginCookie } from './two-factor.ts';
import { LoginThrottle, throttledMessage } from './throttle.ts';
import type { Jobs } from '../../lib/jobs.ts';

/** Reset links one address may be sent in an hour (issue 16 'Anti-abuse'). */
export const FORGOT_PER_ADDRESS = 5;

/** login()'s 401 text for an unknown e-mail or a wrong password: the one failure the throttle counts. */
const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Auth routes under /api/auth (spec §7, decisions.md 'Accounts', issue 12 items 3–4):
 * POST /login {email,password} → 200 AuthResponse, the session cookie and the device cookie
 * (ADR 0009); or, for an account with two-factor on, 200 `{ twoFactorRequired: true }` and
 * only the pending sign-in cookie (5 minutes; POST /2fa/verify finishes, ADR 0024); a Store
 * Admin or platform admin without two-factor while the operator requires it gets a session
 * that can only set it up (`twoFactorSetupRequired: true`); 401 'Invalid email or password'; 429 RATE_LIMITED with Retry-After when the
 * client address is flooding (LOGIN_RATE_LIMIT per minute) or the login throttle holds the
 * attempt back (failures per account and address, per address, per account; ADR 0009).
 * POST /signup → 201 {user, tenant}; 400; 403 SIGNUPS_DISABLED; 409 e-mail taken; 429 beyond
 * LOGIN_RATE_LIMIT per minute per client address.
 * POST /logout → 204. GET /me → 200 {user, tenant} or 401. GET /login-options → { demoAccounts }.
 * POST /forgot-password and /reset-password: see password-reset.ts (ADR 0023). `jobs.nudge('outbox')` asks the
 * outbox worker for a run once a message was written.
 * Every limit keys on request.ip, the real client address under TRUST_PROXY.
 */
export const authRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; counters: CounterStore; now: () => Date; jobs: Jobs }> = async (
  app,
  { db, config, counters, now, jobs },
) => {
  const throttle = new LoginThrottle(counters);
  const flood = {
    login: app.createRateLimit({ max: config.loginRateLimit, timeWindow: 60_000, keyGenerator: (r) => `login:${r.ip}` }),
    signup: app.createRateLimit({ max: config.loginRateLimit, timeWindow: 60_000, keyGenerator: (r) => `signup:${r.ip}` }),
    forgot: app.createRateLimit({ max: config.loginRateLimit, timeWindow: 60_000, keyGenerator: (r) => `forgot:${r.ip}` }),
    reset: app.createRateLimit({ max: config.loginRateLimit, timeWindow: 60_000, keyGenerator: (r) => `reset:${r.ip}` }),
  };
  /** Reset links per address: at most FORGOT_PER_ADDRESS an hour; more requests get the same 202 but send nothing (a mailbox is not flooded). */
  const perAddress = app.createRateLimit({
    max: FORGOT_PER_ADDRESS,
    timeWindow: 60 * 60_000,
    keyGenerator: (r) => `forgot-address:${(r.body as { email?: string } | undefined)?.email ?? ''}`,
  });
  /** preHandler: 429 RATE_LIMITED (with Retry-After) when the client address is over the flood limit. */
  const limit = (limiter: (typeof flood)[keyof typeof flood]) => async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
    }
  };

  app.post(
    '/login',
    {
      preHandler: limit(flood.login),
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      const at = now();
      const { email, password } = request.body;
      const device = deviceHashOf(request);
      const attempt = { email, ip: request.ip, trustedDevice: device && (await isTrustedDevice(db, device, email, at)) ? device : null };
      const settings = await getPlatformSettings(db);
      // Counted before the password is checked (increment, then compare), so parallel guesses get no more tries than guesses in a row.
      const verdict = await throttle.begin(attempt, settings.security.maxLoginAttempts, at);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw new AppError('RATE_LIMITED', throttledMessage(verdict.retryAfterSeconds));
      }
      let user;
      try {
        user = await login(db, email, password);
      } catch (err) {
        // Only a wrong password counts; a deactivated account given its right password does not.
        if (!(err instanceof AppError && err.message === INVALID_CREDENTIALS)) await throttle.cancel(attempt, at);
        throw err;
      }
      if (await hasTwoFactor(db, user.id)) {
        // Not signed in yet: a right password is no failure, so its hit is given back; the second
        // factor's attempts count on their own (two-factor-routes.ts), and the device waits for it.
        await throttle.cancel(attempt, at);
        setPendingLoginCookie(reply, await issuePendingLogin(db, user.id, at), config.cookieSecure);
        return { twoFactorRequired: true as const };
      }
      await throttle.recordSuccess(attempt, at);
      await trustDevice(db, request, reply, user.id, config.cookieSecure, at);
      return signIn(db, reply, user, config.cookieSecure, at);
    },
  );
  app.post(
    '/signup',
    {
      preHandler: limit(flood.signup),
      schema: { tags: ['auth'], body: SignupRequest, response: { 201: AuthResponse, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody } },
    },
    async (request, reply) => {
      const user = await signup(db, request.body);
      return reply.status(201).send(await signIn(db, reply, user, config.cookieSecure, now()));
    },
  );

  /**
   * POST /forgot-password { email } → 202 { message: FORGOT_PASSWORD_SENT }, the same whether or
   * not the address has an account (ADR 0023), and in the same time: the request is only queued;
   * the outbox worker looks the account up and, for an active one, e-mails a reset link
   * (password-reset.ts `processPasswordResetRequests`). 400 for a malformed address; 429 beyond
   * LOGIN_RATE_LIMIT a minute per client address. Beyond FORGOT_PER_ADDRESS requests an hour for
   * one address, nothing more is sent (still 202).
   */
  app.post(
    '/forgot-password',
    { preHandler: limit(flood.forgot), schema: { tags: ['auth'], body: ForgotPasswordRequest, response: { 202: ForgotPasswordResponse, 400: ErrorBody, 429: ErrorBody } } },
    async (request, reply) => {
      const allowed = await perAddress(request);
      // Only queued here: the lookup and the e-mail run in the outbox worker, so the answer takes the same time for any address.
      if (allowed.isAllowed || !allowed.isExceeded) {
        await queuePasswordReset(db, request.body.email, now());
        jobs.nudge('outbox');
      }
      return reply.status(202).send({ message: FORGOT_PASSWORD_SENT });
    },
  );

  /**
   * POST /reset-password { token, password } → 200 { message: PASSWORD_RESET_DONE }: the password
   * is set and every session of the account ends (issue 16, password-reset.ts). 400
   * RESET_LINK_INVALID for an unknown, used or expired link; 400 (field body.password) for a
   * password the policy refuses; 429 beyond LOGIN_RATE_LIMIT a minute per client address.
   */
  app.post(
    '/reset-password',
    { preHandler: limit(flood.reset), schema: { tags: ['auth'], body: ResetPasswordRequest, response: { 200: ResetPasswordResponse, 400: ErrorBody, 429: ErrorBody } } },
    async (request) => {
      await resetPassword(db, request.body, now());
      return { message: PASSWORD_RESET_DONE };
    },
  );

  /**
   * GET /invitation?token= → InvitationInfo { email, firstName, businessName } (issue 16; public):
   * the staff invitation a link carries. 400 INVITATION_LINK_INVALID.
   */
  app.get(
    '/invitation',
    { preHandler: limit(flood.reset), schema: { tags: ['auth'], querystring: z.object({ token: z.string().max(200).default('') }), response: { 200: InvitationInfo, 400: ErrorBody, 429: ErrorBody } } },
    async (request) => invitationInfo(db, request.query.token, now()),
  );

  /**
   * POST /accept-invitation { token, password } → 200 AuthResponse, signed in (session and device
   * cookies) (issue 16, invitations.ts): the invited staff member's password is set. 400
   * INVITATION_LINK_INVALID; 400 (body.password) for a password the policy refuses; 429 beyond
   * LOGIN_RATE_LIMIT a minute per client address.
   */
  app.post(
    '/accept-invitation',
    { preHandler: limit(flood.reset), schema: { tags: ['auth'], body: AcceptInvitationRequest, response: { 200: AuthResponse, 400: ErrorBody, 429: ErrorBody } } },
    async (request, reply) => {
      const user = await acceptInvitation(db, request.body, now());
      await trustDevice(db, request, reply, user.id, config.cookieSecure, now());
      return signIn(db, reply, user, config.cookieSecure, now());
    },
  );

  /** GET /login-options → { demoAccounts }: true only when demo data is seeded (SEED_DEMO; never in production). */
  app.get('/login-options', { schema: { tags: ['auth'], response: { 200: LoginOptions } } }, async () => ({ demoAccounts: config.seedDemo }));

  app.post('/logout', { schema: { tags: ['auth'], response: { 204: z.null() } } }, async (request, reply) => {
    await endSession(db, request, reply);
    return reply.status(204).send(null);
  });

  app.get('/me', { schema: { tags: ['auth'], response: { 200: AuthResponse, 401: ErrorBody } } }, async (request) => {
    if (!request.user) throw unauthenticated();
    return authResponse(db, request.user, request.twoFactorSetupRequired);
  });
};
