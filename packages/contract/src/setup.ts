import { z } from 'zod';
import { SignupRequest } from './auth.ts';

/**
 * GET /api/setup?token=: whether a one-time set-up link can still create
 * the first platform admin. `valid` is false for an unknown, used or expired token, and once
 * a platform admin exists.
 */
export const SetupStatus = z.object({ valid: z.boolean() });
export type SetupStatus = z.infer<typeof SetupStatus>;

/**
 * POST /api/setup body: the set-up link's token and the first platform admin's account, with the
 * same field rules as signup. The password must also meet the platform's password policy
 * (security.passwordMinLength), checked on the server.
 */
export const SetupRequest = SignupRequest.extend({
  token: z.string({ error: 'Set-up token is required' }).min(1, 'Set-up token is required').max(200),
});
export type SetupRequest = z.infer<typeof SetupRequest>;
