import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ChangePasswordRequest, ErrorBody, PasswordPolicy } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/session.ts';
import { changeOwnPassword } from './password-change.ts';
import { getPasswordPolicy } from '../settings/index.ts';

/** Own-password changes allowed per user in {@link PASSWORD_CHANGE_WINDOW_MS}. */
const PASSWORD_CHANGE_RATE_LIMIT = 10;
/** The window of {@link PASSWORD_CHANGE_RATE_LIMIT}: 15 minutes, in milliseconds. */
const PASSWORD_CHANGE_WINDOW_MS = 15 * 60 * 1000;
/** 429 text of the own-password change's rate limit. */
const PASSWORD_CHANGE_LIMITED = 'Too many password change attempts. Please wait 15 minutes and try again.';

/**
 * Password routes under /api/auth:
 * - GET /password-policy → 200 PasswordPolicy `{ minLength }` (characters; the platform
 *   setting security.passwordMinLength). Public, no login: the signup page shows and checks it.
 * - PUT /password ChangePasswordRequest `{ currentPassword, newPassword }` → 204: the
 *   signed-in user (every role) changes their own password; their other sessions end, this one
 *   stays (`changeOwnPassword`). 401 signed out (checked before the body); 400 VALIDATION_ERROR
 *   for a malformed body, 'Current password is incorrect' (body.currentPassword), the password
 *   policy (body.newPassword) or 'Choose a password different from the current one'
 *   (body.newPassword), nothing written; 429 RATE_LIMITED after 10 attempts per user in 15
 *   minutes (every attempt counts; the login throttle is separate and is not touched).
 */
export const passwordRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  const perUser = app.createRateLimit({
    max: PASSWORD_CHANGE_RATE_LIMIT,
    timeWindow: PASSWORD_CHANGE_WINDOW_MS,
    keyGenerator: (request) => `password-change:${request.user?.id ?? ''}`,
  });
  /** onRequest: 429 RATE_LIMITED (with Retry-After) when the signed-in user is over the limit. */
  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await perUser(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('RATE_LIMITED', PASSWORD_CHANGE_LIMITED);
    }
  };

  app.get(
    '/password-policy',
    {
      schema: {
        summary: 'Read the password policy',
        description: 'The minimum password length in characters (a platform setting), which sign-up and password forms show and check.',
        tags: ['auth'],
        response: { 200: PasswordPolicy },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPasswordPolicy(db);
    },
  );

  app.put(
    '/password',
    {
      onRequest: [requireAuth, limit],
      schema: {
        summary: 'Change your own password',
        description:
          "Needs the current password; a new one the policy refuses or equal to the current one is 400. The caller's other sessions end, this one stays. 429 after 10 attempts in 15 minutes.",
        tags: ['auth'],
        body: ChangePasswordRequest,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await changeOwnPassword(db, request.ctx, request.body, request.sessionHash);
      return reply.status(204).send(null);
    },
  );
};
