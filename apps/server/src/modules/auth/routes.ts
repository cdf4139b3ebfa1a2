import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInvitationRequest,
  AuthResponse,
  SessionResponse,
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
  RATE_LIMITED_TEXT,
  ResetPasswordResponse,
  SignupRequest,
} from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { DEVICE_COOKIE, setPendingLoginCookie, setSignInCookies } from '../../http/auth-cookies.ts';
import { clearSessionCookie } from '../../http/session.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import { endSession } from '../users/index.ts';
import { acceptInvitation, invitationInfo } from './invitations.ts';
import { loginWithPassword, signInFromDevice } from './login.ts';
import { queuePasswordReset, resetPassword } from './password-reset.ts';
import { authResponse, signIn, signup } from './service.ts';
import type { Jobs } from '../../lib/jobs.ts';

/** Reset links one address may be sent in an hour. */
const FORGOT_PER_ADDRESS = 5;

/**
 * Auth routes under /api/auth (docs/product.md 'Accounts and sign-in'):
 * POST /login {email,password} → 200 AuthResponse, the session cookie and the device cookie
 * (ADR 0009); or, for an account with two-factor on, 200 `{ twoFactorRequired: true }` and
 * only the pending sign-in cookie (5 minutes; POST /2fa/verify finishes, ADR 0024); a Store
 * Admin or platform admin without two-factor while the operator requires it gets a session
 * that can only set it up (`twoFactorSetupRequired: true`); 401 INVALID_CREDENTIALS or
 * DEACTIVATED_ACCOUNT; 429 RATE_LIMITED with Retry-After when the client address is flooding
 * (LOGIN_RATE_LIMIT per minute) or the login throttle holds the attempt back (failures per
 * account and address, per address, per account; ADR 0009). The throttle and the
 * trusted-device decision are the use case's (login.ts `loginWithPassword`); this route only
 * reads the body, the address and the device cookie, and sets the cookies it is handed.
 * POST /signup → 201 {user, tenant}; 400; 403 SIGNUPS_DISABLED; 409 e-mail taken; 429 beyond
 * LOGIN_RATE_LIMIT per minute per client address.
 * POST /logout → 204. GET /me → 200 {user, tenant} or, signed out, 200 { user: null }. GET /login-options → { demoAccounts }.
 * POST /forgot-password and /reset-password: see password-reset.ts (ADR 0023). `jobs.nudge('outbox')` asks the
 * outbox worker for a run once a message was written.
 * Every limit keys on request.ip, the real client address under TRUST_PROXY.
 */
export const authRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; counters: CounterStore; jobs: Jobs }> = async (
  app,
  { db, config, counters, jobs },
) => {
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
      throw new AppError('RATE_LIMITED', RATE_LIMITED_TEXT);
    }
  };

  app.post(
    '/login',
    {
      preHandler: limit(flood.login),
      schema: {
        summary: 'Sign in with email and password',
        description:
          'Sets the session and device cookies; an account with two-factor sign-in on gets `{ twoFactorRequired: true }` and a 5-minute pending sign-in to finish with POST /api/auth/2fa/verify. Wrong or deactivated accounts get 401; flooding and repeated failures are held back with 429 and Retry-After.',
        tags: ['auth'],
        body: LoginRequest,
        response: { 200: LoginResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const outcome = await loginWithPassword(
        db,
        counters,
        { email, password, clientAddress: request.ip, deviceToken: request.cookies[DEVICE_COOKIE] },
        request.ctx,
      );
      if (outcome.twoFactorRequired) {
        setPendingLoginCookie(reply, outcome.pendingLoginToken, outcome.pendingTtlSeconds, config.cookieSecure);
        return { twoFactorRequired: true as const };
      }
      return setSignInCookies(reply, outcome, config.cookieSecure);
    },
  );
  app.post(
    '/signup',
    {
      preHandler: limit(flood.signup),
      schema: {
        summary: 'Sign up a new business and its owner',
        description:
          'Creates the business on trial with its owner account and signs the owner in (201 with the session cookie). 403 when the operator has turned sign-ups off, 409 when the email is taken; rate limited per client address.',
        tags: ['auth'],
        body: SignupRequest,
        response: { 201: AuthResponse, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await signup(db, request.body, request.ctx);
      return reply.status(201).send(setSignInCookies(reply, await signIn(db, user, request.ctx), config.cookieSecure));
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
    {
      preHandler: limit(flood.forgot),
      schema: {
        summary: 'Request a password reset link',
        description:
          'Answers 202 with the same message whether or not the address has an account; the reset link is e-mailed in the background to an active account. At most 5 links an hour per address; rate limited per client address.',
        tags: ['auth'],
        body: ForgotPasswordRequest,
        response: { 202: ForgotPasswordResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const allowed = await perAddress(request);
      // Only queued here: the lookup and the e-mail run in the outbox worker, so the answer takes the same time for any address.
      if (allowed.isAllowed || !allowed.isExceeded) {
        await queuePasswordReset(db, request.body.email, request.ctx.now);
        jobs.nudge('outbox');
      }
      return reply.status(202).send({ message: FORGOT_PASSWORD_SENT });
    },
  );

  /**
   * POST /reset-password { token, password } → 200 { message: PASSWORD_RESET_DONE }: the password
   * is set and every session of the account ends (password-reset.ts). 400
   * RESET_LINK_INVALID for an unknown, used or expired link; 400 (field body.password) for a
   * password the policy refuses; 429 beyond LOGIN_RATE_LIMIT a minute per client address.
   */
  app.post(
    '/reset-password',
    {
      preHandler: limit(flood.reset),
      schema: {
        summary: 'Set a new password from a reset link',
        description:
          'Sets the password and ends every session of the account. 400 for an unknown, used or expired link or a password the policy refuses; rate limited per client address.',
        tags: ['auth'],
        body: ResetPasswordRequest,
        response: { 200: ResetPasswordResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      await resetPassword(db, request.body, request.ctx);
      return { message: PASSWORD_RESET_DONE };
    },
  );

  /**
   * GET /invitation?token= → InvitationInfo { email, firstName, businessName } (public):
   * the staff invitation a link carries. 400 INVITATION_LINK_INVALID.
   */
  app.get(
    '/invitation',
    {
      preHandler: limit(flood.reset),
      schema: {
        summary: 'Read a staff invitation',
        description:
          'The email, first name and business name of the staff invitation that a link carries, for the accept page. 400 for a link that is not valid; rate limited per client address.',
        tags: ['auth'],
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { 200: InvitationInfo, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => invitationInfo(db, request.query.token, request.ctx.now),
  );

  /**
   * POST /accept-invitation { token, password } → 200 AuthResponse, signed in (session and device
   * cookies) (invitations.ts): the invited staff member's password is set. 400
   * INVITATION_LINK_INVALID; 400 (body.password) for a password the policy refuses; 429 beyond
   * LOGIN_RATE_LIMIT a minute per client address.
   */
  app.post(
    '/accept-invitation',
    {
      preHandler: limit(flood.reset),
      schema: {
        summary: 'Accept a staff invitation',
        description:
          "Sets the invited staff member's password and signs them in (session and device cookies). 400 for a link that is not valid or a password the policy refuses.",
        tags: ['auth'],
        body: AcceptInvitationRequest,
        response: { 200: AuthResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await acceptInvitation(db, request.body, request.ctx);
      return setSignInCookies(reply, await signInFromDevice(db, user, request.cookies[DEVICE_COOKIE], request.ctx), config.cookieSecure);
    },
  );

  /** GET /login-options → { demoAccounts }: true only when demo data is seeded (SEED_DEMO; never in production). */
  app.get(
    '/login-options',
    {
      schema: {
        summary: 'Read the sign-in page options',
        description: 'Whether the sign-in page offers the demo accounts: true only when demo data is seeded, never in production.',
        tags: ['auth'],
        response: { 200: LoginOptions },
      },
    },
    async () => ({ demoAccounts: config.seedDemo }),
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'Sign out',
        description: 'Ends the current session and clears its cookie; answers 204 also when signed out.',
        tags: ['auth'],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endSession(db, request.sessionHash);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  /** GET /me → 200 SessionResponse: the session's user, tenant and two-factor state, or `{ user: null }` signed out. */
  app.get(
    '/me',
    {
      schema: {
        summary: 'Read the current session',
        description: 'The signed-in user, their business and their two-factor state, or `{ user: null }` when signed out (never 401).',
        tags: ['auth'],
        response: { 200: SessionResponse },
      },
    },
    async (request) => {
      if (!request.user) return { user: null };
      return authResponse(db, request.user, request.twoFactorSetupRequired);
    },
  );
};
