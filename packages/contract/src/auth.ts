import { z } from 'zod';
import { Role, SubscriptionStatus } from './enums.ts';

/** POST /api/auth/login body. */
export const LoginRequest = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** POST /api/auth/signup body. */
export const SignupRequest = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(6, 'Password must be at least 6 characters long').max(200),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

/** The signed-in user as the browser sees it. */
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

/**
 * Answer of login, signup and GET /api/auth/me when signed in. `twoFactorEnabled`: the account signs in with a
 * second factor (TOTP). `twoFactorSetupRequired`: the operator requires two-factor and this
 * platform admin or Store Admin has none yet, so the session reaches only /api/auth/me,
 * /api/auth/2fa/* and sign-out (403 TWO_FACTOR_SETUP_REQUIRED elsewhere) until it is set up.
 */
export const AuthResponse = z.object({
  user: SessionUser,
  tenant: SessionTenant.nullable(),
  twoFactorEnabled: z.boolean(),
  twoFactorSetupRequired: z.boolean(),
});
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * Answer of GET /api/auth/me: the session behind the cookie (AuthResponse), or `{ user: null }`
 * when there is none (no cookie, an ended or expired session). Signed out is an answer, not an
 * error, so a signed-out page's start-up check logs no failed request.
 */
export const SessionResponse = z.union([AuthResponse, z.object({ user: z.null() })]);
export type SessionResponse = z.infer<typeof SessionResponse>;

/**
 * POST /api/auth/login when the password is right and the account has two-factor on: no
 * session yet; a pending-login cookie (5 minutes) lets POST /api/auth/2fa/verify finish.
 */
export const TwoFactorChallenge = z.object({ twoFactorRequired: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** Answer of POST /api/auth/login: signed in (AuthResponse) or asked for the second factor. */
export const LoginResponse = z.union([AuthResponse, TwoFactorChallenge]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The 6 digits an authenticator app shows (RFC 6238, 30-second steps); spaces are ignored. */
export const TOTP_CODE = /^\d{6}$/;
/** 400 text of a code that is not 6 digits. */
export const TOTP_CODE_FORMAT = 'Enter the 6-digit code from your authenticator app';
/** A recovery code as shown: 10 letters and digits (base32) in two groups of five, e.g. 'k3v7q-x2m4d'. */
export const RECOVERY_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;
/** How many recovery codes turning two-factor on gives (each works once). */
export const RECOVERY_CODE_COUNT = 10;

const spaceless = (v: string) => v.replace(/\s+/g, '');

/** POST /api/auth/2fa/enable and /disable body: a current 6-digit TOTP code. */
export const TwoFactorCodeRequest = z.object({
  code: z.string({ error: TOTP_CODE_FORMAT }).max(20, TOTP_CODE_FORMAT).transform(spaceless).pipe(z.string().regex(TOTP_CODE, TOTP_CODE_FORMAT)),
});
export type TwoFactorCodeRequest = z.infer<typeof TwoFactorCodeRequest>;

/** 400 text of a sign-in code that is neither 6 digits nor a recovery code. */
export const SIGN_IN_CODE_FORMAT = 'Enter the 6-digit code from your authenticator app or one of your recovery codes';

/** POST /api/auth/2fa/verify body: a current TOTP code or one unused recovery code (case and spaces ignored). */
export const TwoFactorVerifyRequest = z.object({
  code: z
    .string({ error: SIGN_IN_CODE_FORMAT })
    .max(40, SIGN_IN_CODE_FORMAT)
    .transform((v) => spaceless(v).toLowerCase())
    .pipe(z.string().refine((v) => TOTP_CODE.test(v) || RECOVERY_CODE.test(v), SIGN_IN_CODE_FORMAT)),
});
export type TwoFactorVerifyRequest = z.infer<typeof TwoFactorVerifyRequest>;

/**
 * POST /api/auth/2fa/setup answer: a new secret (base32, shown as text for manual entry) and its
 * `otpauth://totp/…` URI (the QR code's content). Nothing is on until /2fa/enable confirms it.
 */
export const TwoFactorSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

/** POST /api/auth/2fa/enable answer: the ten single-use recovery codes, shown this once only. */
export const TwoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof TwoFactorEnableResponse>;

/** 403 text of a request from a session that must set up two-factor first. */
export const TWO_FACTOR_SETUP_REQUIRED_TEXT = 'Set up two-factor authentication to continue.';

/** The smallest password minimum the platform setting `security.passwordMinLength` may hold (6–128). */
export const PASSWORD_MIN_FLOOR = 6;

/**
 * GET /api/auth/password-policy (public, no login: the signup page needs it).
 * `minLength`: characters (Unicode code points) every new password needs, from the platform
 * setting `security.passwordMinLength` (6–128, default 8). The contract's static min(6) of the
 * password fields stays as the floor; the server checks the setting whenever a password is set.
 */
export const PasswordPolicy = z.object({
  minLength: z.number().int().min(PASSWORD_MIN_FLOOR).max(128),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicy>;

/**
 * PUT /api/auth/password body (every signed-in user changes their own password): the current
 * password (checked with argon2id) and the new one (at least 6 here, at least the platform's
 * `passwordMinLength` on the server; different from the current one).
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
 * GET /api/auth/login-options: what the login page may offer. `demoAccounts`
 * is true only where the demo accounts were seeded (never in production), so the page lists
 * their published passwords only where they work.
 */
export const LoginOptions = z.object({ demoAccounts: z.boolean() });
export type LoginOptions = z.infer<typeof LoginOptions>;

/** 401 text of a sign-in with an unknown e-mail or a wrong password (the same for both: no account enumeration). */
export const INVALID_CREDENTIALS = 'Invalid email or password';
/** 401 text for a deactivated staff account whose password is right (PUT /users/{id} active false). */
export const DEACTIVATED_ACCOUNT = 'This account has been deactivated. Please contact your store administrator.';
/** 409 text for a login e-mail already in use (signup and the platform's tenant create). */
export const EMAIL_TAKEN = 'An account with this email already exists';
/** The field detail's text beside EMAIL_TAKEN. */
export const EMAIL_REGISTERED = 'Email already registered';
/** 403 SIGNUPS_DISABLED text while the platform setting allowSignups is off. */
export const SIGNUPS_DISABLED_TEXT = 'Signups are currently disabled';
/** 401 text of a second factor without a live pending sign-in (none, used, or older than 5 minutes). */
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please enter your e-mail and password again.';
/** 401 text of a wrong second factor at sign-in (counted like a wrong password, ADR 0009). */
export const WRONG_SIGN_IN_CODE = 'That code is not right. Enter the current code from your authenticator app or an unused recovery code.';

/** The 429 text of a throttled sign-in (ADR 0009), with the wait rounded up to minutes (or seconds under one). */
export function throttledMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Please try again in ${wait}.`;
}

/** 400 text (field body.code) of a two-factor code that does not match (set-up, enable, disable). */
export const WRONG_CODE = 'That code is not right. Check the code in your authenticator app and try again.';
/** 409 text: two-factor set-up or enable while it is on. */
export const ALREADY_ON = 'Two-factor authentication is already on';
/** 409 text: two-factor disable while it is off. */
export const NOT_ON = 'Two-factor authentication is not on';
/** 400 text: two-factor enable before its set-up. */
export const SETUP_FIRST = 'Start the two-factor set-up first';
/** 422 text: turning it off while the operator requires it for the role. */
export const REQUIRED_BY_OPERATOR = 'Two-factor authentication is required for your account and cannot be turned off';
