import type { PasswordPolicy } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { getPlatformSettings } from './service.ts';

/**
 * The password policy in force: `minLength` from the platform setting
 * `security.passwordMinLength` (6–128, default 8), read on every call so that the
 * operator's change takes effect at once. Answer of GET /api/auth/password-policy.
 */
export async function getPasswordPolicy(db: DbOrTx): Promise<PasswordPolicy> {
  const settings = await getPlatformSettings(db);
  return { minLength: settings.security.passwordMinLength };
}

/** The length of a password as a person counts it: Unicode code points, not UTF-16 units. */
function passwordLength(password: string): number {
  return Array.from(password).length;
}

/** The policy's message for a password shorter than `minLength` characters. */
function passwordTooShortMessage(minLength: number): string {
  return `Password must be at least ${minLength} characters long`;
}

/**
 * Non-throwing check of a password against the platform's password policy:
 * returns the message 'Password must be at least {n} characters long' when `password` has
 * fewer than `security.passwordMinLength` characters (code points), else null. For callers
 * that report the problem their own way (the first platform admin from
 * PLATFORM_ADMIN_PASSWORD at start-up, the /setup page).
 */
export async function passwordPolicyViolation(db: DbOrTx, password: string): Promise<string | null> {
  const { minLength } = await getPasswordPolicy(db);
  return passwordLength(password) < minLength ? passwordTooShortMessage(minLength) : null;
}

/**
 * Enforces the platform's password policy wherever a password is set (docs/product.md
 * 'Accounts and sign-in': signup, staff create and reset, the operator's tenant create, the own-password change, the
 * first platform admin). Call it BEFORE anything is written (and before hashing).
 *
 * @param db the database or the caller's transaction (the settings row is read).
 * @param password the new password in clear.
 * @param field the request field to name in the error details, as the contract's validation
 *   names fields: 'body.password' (default), 'body.ownerPassword', 'body.newPassword'.
 * @throws AppError 400 VALIDATION_ERROR 'Password must be at least {n} characters long' with
 *   details `[{ field, message }]` when the password has fewer than
 *   `security.passwordMinLength` characters (Unicode code points).
 */
export async function assertPasswordPolicy(db: DbOrTx, password: string, field = 'body.password'): Promise<void> {
  const message = await passwordPolicyViolation(db, password);
  if (message) throw badRequest(message, [{ field, message }]);
}
