import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthResponse, ErrorBody, LoginRequest, SignupRequest } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from '../../http/errors.ts';
import { endSession, startSession } from '../../http/session.ts';
import { authResponse, login, sessionTtlSeconds, signup } from './service.ts';

/**
 * Auth routes under /api/auth (spec §7, decisions.md 'Accounts'):
 * POST /login {email,password} → 200 {user, tenant} and the session cookie; 401; 429 when
 * rate limited (per e-mail `loginRateLimit`/min, per IP three times that).
 * POST /signup → 201 {user, tenant}; 400; 403 SIGNUPS_DISABLED; 409 e-mail taken.
 * POST /logout → 204. GET /me → 200 {user, tenant} or 401.
 */
export const authRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const limiters = {
    ip: app.createRateLimit({ max: config.loginRateLimit * 3, timeWindow: 60_000, keyGenerator: (r) => `ip:${r.ip}` }),
    email: app.createRateLimit({
      max: config.loginRateLimit,
      timeWindow: 60_000,
      keyGenerator: (r) => `email:${String((r.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
    }),
  };
  /** preHandler: 429 RATE_LIMITED when the IP or (for login) the e-mail is over its limit. */
  const limit = (checks: (keyof typeof limiters)[]) => async (request: FastifyRequest) => {
    for (const check of checks) {
      const result = await limiters[check](request);
      if (!result.isAllowed && result.isExceeded) throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
    }
  };
  const perIp = limit(['ip']);
  const perIpAndEmail = limit(['ip', 'email']);

  app.post(
    '/login',
    {
      preHandler: perIpAndEmail,
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: AuthResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody } },
    },
    async (request, reply) => {
      const user = await login(db, request.body.email, request.body.password);
      await startSession(db, reply, user.id, await sessionTtlSeconds(db), config.cookieSecure);
      return authResponse(db, user);
    },
  );

  app.post(
    '/signup',
    {
      preHandler: perIp,
      schema: { tags: ['auth'], body: SignupRequest, response: { 201: AuthResponse, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody } },
    },
    async (request, reply) => {
      const user = await signup(db, request.body);
      await startSession(db, reply, user.id, await sessionTtlSeconds(db), config.cookieSecure);
      return reply.status(201).send(await authResponse(db, user));
    },
  );

  app.post('/logout', { schema: { tags: ['auth'], response: { 204: z.null() } } }, async (request, reply) => {
    await endSession(db, request, reply);
    return reply.status(204).send(null);
  });

  app.get('/me', { schema: { tags: ['auth'], response: { 200: AuthResponse, 401: ErrorBody } } }, async (request) => {
    if (!request.user) throw unauthenticated();
    return authResponse(db, request.user);
  });
};
