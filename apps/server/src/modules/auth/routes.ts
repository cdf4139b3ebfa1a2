import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthResponse, ErrorBody, LoginOptions, LoginRequest, SignupRequest } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CounterStore } from '../../http/counters.ts';
import { AppError, unauthenticated } from '../../http/errors.ts';
import { getPlatformSettings } from '../settings/service.ts';
import { endSession, startSession } from '../users/sessions.ts';
import { deviceHashOf, isTrustedDevice, trustDevice } from './devices.ts';
import { authResponse, login, sessionTtlSeconds, signup } from './service.ts';
import { LoginThrottle, throttledMessage } from './throttle.ts';

/** login()'s 401 text for an unknown e-mail or a wrong password: the one failure the throttle counts. */
const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Auth routes under /api/auth (spec §7, decisions.md 'Accounts', issue 12 items 3–4):
 * POST /login {email,password} → 200 {user, tenant}, the session cookie and the device cookie
 * (ADR 0009); 401 'Invalid email or password'; 429 RATE_LIMITED with Retry-After when the
 * client address is flooding (LOGIN_RATE_LIMIT per minute) or the login throttle holds the
 * attempt back (failures per account and address, per address, per account; ADR 0009).
 * POST /signup → 201 {user, tenant}; 400; 403 SIGNUPS_DISABLED; 409 e-mail taken; 429 beyond
 * LOGIN_RATE_LIMIT per minute per client address.
 * POST /logout → 204. GET /me → 200 {user, tenant} or 401. GET /login-options → { demoAccounts }.
 * Every limit keys on request.ip, the real client address under TRUST_PROXY.
 */
export const authRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; counters: CounterStore; now: () => Date }> = async (
  app,
  { db, config, counters, now },
) => {
  const throttle = new LoginThrottle(counters);
  const flood = {
    login: app.createRateLimit({ max: config.loginRateLimit, timeWindow: 60_000, keyGenerator: (r) => `login:${r.ip}` }),
    signup: app.createRateLimit({ max: config.loginRateLimit, timeWindow: 60_000, keyGenerator: (r) => `signup:${r.ip}` }),
  };
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
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: AuthResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      const at = now();
      const { email, password } = request.body;
      const device = deviceHashOf(request);
      const attempt = { email, ip: request.ip, trustedDevice: device && (await isTrustedDevice(db, device, email, at)) ? device : null };
      const settings = await getPlatformSettings(db);
      const verdict = await throttle.check(attempt, settings.security.maxLoginAttempts, at);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw new AppError('RATE_LIMITED', throttledMessage(verdict.retryAfterSeconds));
      }
      let user;
      try {
        user = await login(db, email, password);
      } catch (err) {
        // Only a wrong password counts; a deactivated account given its right password does not.
        if (err instanceof AppError && err.message === INVALID_CREDENTIALS) await throttle.recordFailure(attempt, at);
        throw err;
      }
      await throttle.recordSuccess(attempt);
      await trustDevice(db, request, reply, user.id, config.cookieSecure, at);
      await startSession(db, reply, user.id, await sessionTtlSeconds(db), config.cookieSecure);
      return authResponse(db, user);
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
      await startSession(db, reply, user.id, await sessionTtlSeconds(db), config.cookieSecure);
      return reply.status(201).send(await authResponse(db, user));
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
    return authResponse(db, request.user);
  });
};
