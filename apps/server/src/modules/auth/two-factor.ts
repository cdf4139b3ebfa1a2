import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { ALREADY_ON, NOT_ON, RECOVERY_CODE_COUNT, REQUIRED_BY_OPERATOR, SETUP_FIRST, TOTP_CODE, WRONG_CODE, type Role } from '@loyalty/contract';
import { type RequestContext, actingUser } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { PRODUCT_NAME } from '../../emails/render.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { claimTotpStep, saveTwoFactorSecret, spendRecoveryCode, turnOffTwoFactor, turnOnTwoFactor, twoFactorAccount } from '../users/index.ts';
import { issueUserToken, spendToken, usableTokenUserId } from './tokens.ts';

/**
 * Two-factor sign-in with TOTP (RFC 6238 through otplib: SHA-1, 6 digits, 30-second steps, the
 * authenticator apps' defaults), ADR 0024. The secret is sealed at rest (lib/secret-box.ts);
 * a code is accepted within one step of drift either way and only once (the newest accepted
 * step is stored and a step ≤ it is refused); ten recovery codes of 50 random bits each, stored
 * as SHA-256, each spent once.
 */

/** The issuer named in authenticator apps (the otpauth URI's issuer and label prefix). */
const TOTP_ISSUER = PRODUCT_NAME;
/** TOTP time step, seconds (RFC 6238's default; what the apps use). */
const TOTP_PERIOD_S = 30;
/** auth_tokens purpose of the pending sign-in between a right password and the second factor. */
const PENDING_LOGIN_PURPOSE = 'two_factor_login';
/** How long the pending sign-in lasts: 5 minutes. */
export const PENDING_LOGIN_TTL_MS = 5 * 60_000;

/** Audit actions. */
const TWO_FACTOR_AUDIT = { enable: 'user.2fa.enable', disable: 'user.2fa.disable', recovery: 'user.2fa.recovery_code_used' } as const;

/** The roles the operator's 'Require two-factor authentication' applies to: cashiers share tills and are exempt, customers have no staff sign-in. */
const TWO_FACTOR_REQUIRED_ROLES: readonly Role[] = ['platform_admin', 'tenant_admin'];

/** True when the operator requires two-factor and `role` is one it applies to (ADR 0024). */
export async function twoFactorRequiredFor(db: Database, role: Role): Promise<boolean> {
  if (!TWO_FACTOR_REQUIRED_ROLES.includes(role)) return false;
  return (await getPlatformSettings(db)).security.requireTwoFactor;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A recovery code as typed, normalised: lower case, no spaces or dash. */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** RECOVERY_CODE_COUNT fresh codes 'xxxxx-xxxxx' (10 base32 characters from 50 random bits each) and their SHA-256. */
function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(randomBytes(10), (b) => BASE32[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => sha256(normaliseRecovery(c))) };
}

/** The time step a 6-digit `code` matches at `now` (±1 step), after `afterStep`; null when none. */
async function matchingStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_S,
    epochTolerance: TOTP_PERIOD_S,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const wrongCode = () => badRequest(WRONG_CODE, [{ field: 'body.code', message: WRONG_CODE }]);

/**
 * POST /api/auth/2fa/setup (ADR 0024): the signed-in user of `ctx` (`actingUser`: staff or the
 * operator; the route refuses a customer) gets a new secret (160 bits, base32) sealed on their
 * account and the `otpauth://totp/{issuer}:{email}?secret=…&issuer=…` URI for the QR code. A
 * second set-up replaces an unconfirmed one. Throws 409 ALREADY_ON when two-factor is on; 401
 * when no user acts.
 */
export async function startTwoFactorSetup(db: Database, box: SecretBox, ctx: RequestContext): Promise<{ secret: string; otpauthUrl: string }> {
  const user = actingUser(ctx);
  const secret = generateSecret();
  if (!(await saveTwoFactorSecret(db, user.id, box.seal(secret)))) throw conflict(ALREADY_ON);
  return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret, period: TOTP_PERIOD_S }) };
}

/**
 * POST /api/auth/2fa/enable { code } (ADR 0024): the signed-in user of `ctx` confirms the set-up
 * with a code current at `ctx.now`. In ONE transaction: two-factor on (the code's step used),
 * ten recovery codes stored as SHA-256, the user's sessions waiting for a required set-up
 * released, an audit row 'user.2fa.enable' (tenant: the user's, null for the operator).
 * Returns the recovery codes (shown once). Throws 409 ALREADY_ON; 400 SETUP_FIRST without a
 * set-up; 400 WRONG_CODE (body.code); 401 when no user acts. Nothing is written on an error.
 */
export async function enableTwoFactor(db: Database, box: SecretBox, ctx: RequestContext, code: string): Promise<string[]> {
  const user = actingUser(ctx);
  const { now } = ctx;
  const account = await twoFactorAccount(db, user.id);
  if (account?.enabledAt) throw conflict(ALREADY_ON);
  if (!account?.secret) throw badRequest(SETUP_FIRST, [{ field: 'body.code', message: SETUP_FIRST }]);
  const sealed = account.secret;
  const step = await matchingStep(box.open(sealed), code, now, null);
  if (step === null) throw wrongCode();
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await turnOnTwoFactor(tx, user.id, sealed, step, hashes, now))) throw conflict(ALREADY_ON);
    await writeAudit(tx, {
      tenantId: user.tenantId,
      ...auditActorOf(ctx),
      action: TWO_FACTOR_AUDIT.enable,
      entity: 'user',
      entityId: user.id,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
  });
  return codes;
}

/**
 * POST /api/auth/2fa/disable { code } (ADR 0024): the signed-in user of `ctx` turns their
 * two-factor off with a code current at `ctx.now` (each code once). In ONE transaction: secret
 * and recovery codes forgotten, an audit row 'user.2fa.disable' (tenant: the user's). Throws 409
 * NOT_ON; 422 REQUIRED_BY_OPERATOR for a platform admin or Store Admin while the operator
 * requires two-factor; 400 WRONG_CODE (body.code); 401 when no user acts. Nothing is written on
 * an error.
 */
export async function disableTwoFactor(db: Database, box: SecretBox, ctx: RequestContext, code: string): Promise<void> {
  const user = actingUser(ctx);
  const { now } = ctx;
  const account = await twoFactorAccount(db, user.id);
  if (!account?.enabledAt || !account.secret) throw conflict(NOT_ON);
  if (await twoFactorRequiredFor(db, user.role)) throw new AppError('BUSINESS_RULE', REQUIRED_BY_OPERATOR);
  const step = await matchingStep(box.open(account.secret), code, now, account.lastStep);
  if (step === null) throw wrongCode();
  await db.transaction(async (tx) => {
    if (!(await claimTotpStep(tx, user.id, step))) throw wrongCode();
    await turnOffTwoFactor(tx, user.id);
    await writeAudit(tx, {
      tenantId: user.tenantId,
      ...auditActorOf(ctx),
      action: TWO_FACTOR_AUDIT.disable,
      entity: 'user',
      entityId: user.id,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
    });
  });
}

/**
 * The second factor of a sign-in: true when `code` is a current TOTP code of account `userId`
 * not used before (its step is then recorded) or one of its unused recovery codes (then spent,
 * with an audit row 'user.2fa.recovery_code_used' saying how many are left, by `userId` from the
 * address of `ctx`, whose instant `now` the TOTP code is checked at). False otherwise,
 * including when two-factor is off.
 */
export async function checkSecondFactor(db: Database, box: SecretBox, userId: string, code: string, ctx: RequestContext): Promise<boolean> {
  const { now } = ctx;
  const account = await twoFactorAccount(db, userId);
  if (!account?.enabledAt || !account.secret) return false;
  if (TOTP_CODE.test(code)) {
    const step = await matchingStep(box.open(account.secret), code, now, account.lastStep);
    return step !== null && (await claimTotpStep(db, userId, step));
  }
  return db.transaction(async (tx) => {
    const left = await spendRecoveryCode(tx, userId, sha256(normaliseRecovery(code)));
    if (left === null) return false;
    await writeAudit(tx, {
      tenantId: account.tenantId,
      ...auditActorOf(ctx),
      userId,
      action: TWO_FACTOR_AUDIT.recovery,
      entity: 'user',
      entityId: userId,
      before: null,
      after: { recoveryCodesLeft: left },
    });
    return true;
  });
}

/**
 * A pending sign-in after a right password (ADR 0024): a random 256-bit token, only its SHA-256
 * stored in auth_tokens (purpose 'two_factor_login', the account's older pending one replaced),
 * valid PENDING_LOGIN_TTL_MS from `now`. Not a session: it only lets /2fa/verify finish the
 * sign-in. Returns the token for the cookie.
 */
export async function issuePendingLogin(db: Database, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await issueUserToken(db, PENDING_LOGIN_PURPOSE, userId, hashToken(token), new Date(now.getTime() + PENDING_LOGIN_TTL_MS), now);
  return token;
}

/** The account a pending sign-in token stands for (unused, not expired at `now`), or null. */
export async function pendingLoginUserId(db: Database, token: string | undefined, now: Date): Promise<string | null> {
  if (!token || token.length > 200) return null;
  return usableTokenUserId(db, PENDING_LOGIN_PURPOSE, hashToken(token), now);
}

/** Spends the pending sign-in token (after its second factor was accepted). */
export async function spendPendingLogin(db: Database, token: string, now: Date): Promise<void> {
  await db.transaction((tx) => spendToken(tx, hashToken(token), now));
}
