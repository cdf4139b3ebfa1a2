import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthResponse, ErrorBody, RATE_LIMITED_TEXT, SetupRequest, SetupStatus } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { setSignInCookies } from '../../http/auth-cookies.ts';
import { signIn } from '../auth/index.ts';
import { completeSetup, setupTokenValid } from './service.ts';

/** Set-up requests allowed per client address per minute (the token itself is 256 random bits). */
const SETUP_RATE_LIMIT = 10;

/**
 * The first platform admin of a production install, under /api/setup, no
 * login (the one-time token printed at start-up is the credential):
 * GET /?token= → 200 { valid } (false once used, expired, or an admin exists).
 * POST / { token, firstName, lastName, email, password } → 201 { user, tenant: null } and the
 * session cookie; 400 bad input, an invalid/used/expired token (field body.token) or a
 * password under the policy, nothing written; 409 when an admin exists or the e-mail is
 * taken; 429 beyond 10 requests a minute per client address.
 */
export const setupRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const limiter = app.createRateLimit({ max: SETUP_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (r) => `setup:${r.ip}` });
  const limit = async (request: Parameters<typeof limiter>[0]) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError('RATE_LIMITED', RATE_LIMITED_TEXT);
  };

  /** GET /api/setup?token=: whether the set-up link still works (the /setup page asks first). */
  app.get(
    '/',
    {
      onRequest: limit,
      schema: {
        summary: 'Check a set-up link',
        description:
          'Whether the one-time set-up token printed at start-up still works: false once used, expired, or when a platform admin exists. Rate limited per client address.',
        tags: ['setup'],
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { 200: SetupStatus, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => ({ valid: request.query.token !== '' && (await setupTokenValid(db, request.query.token, request.ctx.now)) }),
  );

  /** POST /api/setup: creates the first platform admin and signs them in; see the plugin's docstring. */
  app.post(
    '/',
    {
      onRequest: limit,
      schema: {
        summary: 'Create the first platform admin',
        description:
          "With the one-time set-up token, creates the installation's first platform admin and signs them in (201). 400 for a bad token or password, 409 when an admin exists or the email is taken.",
        tags: ['setup'],
        body: SetupRequest,
        response: { 201: AuthResponse, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await completeSetup(db, request.body, request.ctx);
      return reply.status(201).send(setSignInCookies(reply, await signIn(db, user, request.ctx), config.cookieSecure));
    },
  );
};
