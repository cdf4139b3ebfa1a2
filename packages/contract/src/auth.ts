import { z } from 'zod';
import { Role, SubscriptionStatus } from './enums.ts';

/** POST /api/auth/login body (spec §3 payloads, §5 'Login'). */
export const LoginRequest = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** POST /api/auth/signup body (spec §5 'Signup'). */
export const SignupRequest = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(6, 'Password must be at least 6 characters long').max(200),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

/** The signed-in user as the browser sees it (spec §3 'User'). */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** The tenant of the signed-in user (null for platform_admin). */
export const SessionTenant = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  subscriptionStatus: SubscriptionStatus,
});
export type SessionTenant = z.infer<typeof SessionTenant>;

/** Answer of login, signup and GET /api/auth/me. */
export const AuthResponse = z.object({
  user: SessionUser,
  tenant: SessionTenant.nullable(),
});
export type AuthResponse = z.infer<typeof AuthResponse>;

/** The smallest password minimum the platform setting `security.passwordMinLength` may hold (spec §9: 6–128). */
export const PASSWORD_MIN_FLOOR = 6;

/**
 * GET /api/auth/password-policy (issue 12 item 8; public, no login: the signup page needs it).
 * `minLength`: characters (Unicode code points) every new password needs, from the platform
 * setting `security.passwordMinLength` (6–128, default 8). The contract's static min(6) of the
 * password fields stays as the floor; the server checks the setting whenever a password is set.
 */
export const PasswordPolicy = z.object({
  minLength: z.number().int().min(PASSWORD_MIN_FLOOR).max(128),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicy>;

/**
 * PUT /api/auth/password body (issue 12 item 8: every signed-in user changes their own
 * password): the current password (checked with argon2id) and the new one (at least 6 here,
 * at least the platform's `passwordMinLength` on the server; different from the current one).
 */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(PASSWORD_MIN_FLOOR, `Password must be at least ${PASSWORD_MIN_FLOOR} characters long`)
    .max(200, 'Password must be at most 200 characters long'),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * GET /api/auth/login-options (issue 12 item 1): what the login page may offer. `demoAccounts`
 * is true only where the demo accounts were seeded (never in production), so the page lists
 * their published passwords only where they work.
 */
export const LoginOptions = z.object({ demoAccounts: z.boolean() });
export type LoginOptions = z.infer<typeof LoginOptions>;
