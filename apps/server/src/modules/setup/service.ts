import { randomBytes } from 'node:crypto';
import type { SetupRequest } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { badRequest, conflict } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { AuthUser, RequestContext } from '../../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { writeAudit } from '../audit/index.ts';
import { lockToken, replaceUnusedTokens, spendToken, tokenUsable } from '../auth/index.ts';
import { assertPasswordPolicy, passwordPolicyViolation } from '../settings/index.ts';
import { insertAccount, platformAdminExists } from '../users/index.ts';

/** The auth_tokens purpose of the one-time set-up link. */
const SETUP_PURPOSE = 'setup';
/** How long a set-up link works: 1 hour, in milliseconds. */
const SETUP_TOKEN_TTL_MS = 60 * 60_000;
/** 400 text for a set-up token that is unknown, used or expired. */
export const SETUP_LINK_INVALID = 'This set-up link is invalid or has expired. Restart the server to print a new one.';
/** 409 text when the platform already has its administrator. */
export const ADMIN_EXISTS = 'The platform already has an administrator. Sign in instead.';

/** What start-up did about the first platform admin (see `bootstrapPlatformAdmin`). */
export type BootstrapResult =
  | { kind: 'exists' }
  | { kind: 'created'; email: string }
  /** `token` is the one-time secret (256 bits, base64url) to print in the /setup link; only its hash is stored. */
  | { kind: 'setup-link'; token: string; expiresAt: Date };

/** Thrown by `bootstrapPlatformAdmin` for a PLATFORM_ADMIN_* setting it cannot use (main exits 78). */
export class BootstrapError extends Error {}

/**
 * Start-up: makes sure a fresh install can get its first platform admin
 * without any published password.
 * - A platform admin exists (e.g. the development demo data) → nothing.
 * - `admin` given (PLATFORM_ADMIN_EMAIL + PLATFORM_ADMIN_PASSWORD) → creates that
 *   platform_admin, after checking the password against the platform's password policy
 *   (throws BootstrapError naming PLATFORM_ADMIN_PASSWORD otherwise; BootstrapError too when
 *   the e-mail is another account's).
 * - Otherwise → a one-time set-up token (≥ 128 bits; 256 here), stored hashed in
 *   auth_tokens, single use, valid SETUP_TOKEN_TTL_MS from `now`; earlier unused set-up
 *   tokens are deleted, so only the newest printed link works.
 */
export async function bootstrapPlatformAdmin(db: Database, admin: { email: string; password: string } | undefined, now: Date): Promise<BootstrapResult> {
  if (await platformAdminExists(db)) return { kind: 'exists' };
  if (admin) {
    const problem = await passwordPolicyViolation(db, admin.password);
    if (problem) throw new BootstrapError(`PLATFORM_ADMIN_PASSWORD: ${problem} (the platform's password policy)`);
    try {
      await createPlatformAdmin(db, { email: admin.email, password: admin.password, firstName: 'Platform', lastName: 'Admin' }, 'platform.admin.bootstrap');
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_unique')) throw new BootstrapError(`PLATFORM_ADMIN_EMAIL: ${admin.email} already belongs to another account`);
      throw err;
    }
    return { kind: 'created', email: admin.email };
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SETUP_TOKEN_TTL_MS);
  await replaceUnusedTokens(db, SETUP_PURPOSE, hashToken(token), expiresAt, now);
  return { kind: 'setup-link', token, expiresAt };
}

/**
 * GET /api/setup?token=: true while `token` is an unused, unexpired set-up
 * token at `now` and no platform admin exists.
 */
export async function setupTokenValid(db: Database, token: string, now: Date): Promise<boolean> {
  if (await platformAdminExists(db)) return false;
  return tokenUsable(db, SETUP_PURPOSE, hashToken(token), now);
}

/**
 * POST /api/setup: spends the set-up token and creates the first
 * platform_admin, in one transaction with the token row locked (two submissions of one
 * link create one admin). Throws 400 SETUP_LINK_INVALID (field body.token) for an unknown,
 * used or expired token; 400 for a password under the policy (field body.password); 409
 * ADMIN_EXISTS once a platform admin exists; 409 when the e-mail belongs to another account.
 * Nothing is written on any error. Returns the new admin as a session user.
 */
export async function completeSetup(db: Database, input: SetupRequest, ctx: RequestContext): Promise<AuthUser> {
  const { now } = ctx;
  await assertPasswordPolicy(db, input.password, 'body.password');
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await lockToken(tx, SETUP_PURPOSE, hashToken(input.token));
      if (!row || row.usedAt || row.expiresAt <= now) throw badRequest(SETUP_LINK_INVALID, [{ field: 'body.token', message: SETUP_LINK_INVALID }]);
      if (await platformAdminExists(tx)) throw conflict(ADMIN_EXISTS);
      await spendToken(tx, row.tokenHash, now);
      return insertAdmin(tx, { ...input, passwordHash }, 'platform.admin.setup', ctx.ip);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique'))
      throw conflict('An account with this email already exists', [{ field: 'body.email', message: 'Email already registered' }]);
    throw err;
  }
}

async function createPlatformAdmin(
  db: Database,
  input: { email: string; password: string; firstName: string; lastName: string },
  action: 'platform.admin.bootstrap' | 'platform.admin.setup',
): Promise<AuthUser> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction((tx) => insertAdmin(tx, { ...input, passwordHash }, action, null));
}

/** Inserts a platform_admin and its audit row (tenant null, no hash in it; the new admin as actor from the client address `ip`, null at start-up). */
async function insertAdmin(
  tx: DbOrTx,
  input: { email: string; passwordHash: string; firstName: string; lastName: string },
  action: 'platform.admin.bootstrap' | 'platform.admin.setup',
  ip: string | null,
): Promise<AuthUser> {
  const user = await insertAccount(tx, {
    tenantId: null,
    email: input.email,
    passwordHash: input.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    role: 'platform_admin',
  });
  await writeAudit(tx, {
    tenantId: null,
    userId: user.id,
    apiKeyId: null,
    ip,
    action,
    entity: 'user',
    entityId: user.id,
    after: { email: user.email, role: 'platform_admin' },
  });
  return user;
}
