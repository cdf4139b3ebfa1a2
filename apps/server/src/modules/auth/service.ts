import {
  DEACTIVATED_ACCOUNT,
  EMAIL_REGISTERED,
  EMAIL_TAKEN,
  INVALID_CREDENTIALS,
  SIGNUPS_DISABLED_TEXT,
  type AuthResponse,
  type SignupRequest,
} from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { AppError, conflict } from '../../errors.ts';
import type { AuthUser, RequestContext } from '../../context.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertPasswordPolicy, getPlatformSettings } from '../settings/index.ts';
import { defaultPlanId, tenantHeader } from '../tenants/index.ts';
import { createTenant } from '../business-profile/index.ts';
import { findLoginAccount, hasTwoFactor, insertAccount, type NewSession, recordLogin, startSession, userIdByEmail } from '../users/index.ts';
import { twoFactorRequiredFor } from './two-factor.ts';

/** The outbox worker's step that writes the e-mails of queued forgot-password requests (main.ts wires it; password-reset.ts). */
/** Session lifetime in seconds from the platform setting sessionTimeout (hours; docs/product.md 'Platform settings'). */
async function sessionTtlSeconds(db: Database): Promise<number> {
  const settings = await getPlatformSettings(db);
  return Math.max(1, settings.security.sessionTimeout) * 3600;
}

/**
 * Builds the `{ user, tenant, twoFactorEnabled, twoFactorSetupRequired }` answer of login,
 * signup and me for a user; `twoFactorSetupRequired` is the session's flag (ADR 0024).
 */
export async function authResponse(db: Database, user: AuthUser, twoFactorSetupRequired = false): Promise<AuthResponse> {
  let tenant: AuthResponse['tenant'] = null;
  if (user.tenantId) tenant = await tenantHeader(db, user.tenantId);
  return {
    twoFactorEnabled: await hasTwoFactor(db, user.id),
    twoFactorSetupRequired,
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      storeId: user.storeId,
      storeName: user.storeName,
    },
    tenant,
  };
}

/** A finished sign-in: the answer to send and the session whose token the route puts in the session cookie. */
export interface SignedIn {
  response: AuthResponse;
  session: NewSession;
}

/**
 * Signs `user` in after every factor it needs: a session (sliding, the platform's timeout),
 * `lastLogin` stamped, and the AuthResponse; the route sets the session cookie. When the operator requires two-factor
 * and this platform admin or Store Admin has none, the session is one that may only set it up
 * (`twoFactorSetupRequired`, ADR 0024). Used by login, the second factor, signup, the
 * invitation and the first platform admin's set-up, each with its request's context `ctx` (the
 * instant; the client address for the audit). A platform admin's sign-in writes a
 * platform audit event.
 */
export async function signIn(db: Database, user: AuthUser, ctx: RequestContext): Promise<SignedIn> {
  const { now } = ctx;
  const setupRequired = (await twoFactorRequiredFor(db, user.role)) && !(await hasTwoFactor(db, user.id));
  const session = await startSession(db, user.id, await sessionTtlSeconds(db), setupRequired);
  await recordLogin(db, user.id, now);
  // The operator's sign-ins are platform audit events (docs/security.md 'Audit trail'): the
  // request's address, and the user who signs in (the request has no user yet).
  if (user.role === 'platform_admin')
    await writeAudit(db, {
      tenantId: null,
      ...auditActorOf(ctx),
      userId: user.id,
      action: 'platform.admin.sign_in',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email },
    });
  return { response: await authResponse(db, user, setupRequired), session };
}

/**
 * Checks e-mail and password (argon2id). Returns the user, or throws UNAUTHENTICATED
 * INVALID_CREDENTIALS for an unknown e-mail or a wrong password alike (no account
 * enumeration), and UNAUTHENTICATED DEACTIVATED_ACCOUNT for a deactivated account given its right password. `lastLogin`
 * is stamped by `signIn`, once every factor passed.
 */
export async function login(db: Database, email: string, password: string): Promise<AuthUser> {
  const row = await findLoginAccount(db, email);
  const ok = row ? await verifyPassword(row.passwordHash, password) : (await verifyPassword(await dummyPasswordHash(), password), false);
  if (!row || !ok) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  // Only someone who knows the password learns that the account exists but is switched off.
  if (!row.active) throw new AppError('UNAUTHENTICATED', DEACTIVATED_ACCOUNT);
  const { passwordHash: _p, active: _a, ...user } = row;
  return user;
}

/**
 * POST /api/auth/signup (docs/product.md 'Accounts and sign-in'): creates a tenant '{firstName}'s Store' on
 * trial (trialDays and defaultPlan of the platform settings) with its owner as tenant_admin,
 * and the audit event 'tenant.signup' (actor the new owner, from the address of `ctx`), in one transaction. Throws 403
 * SIGNUPS_DISABLED when
 * the platform setting allowSignups is off; 400 'Password must be at least {n} characters
 * long' (details `body.password`) when the password is shorter than the platform's
 * passwordMinLength (nothing written); 409 when the e-mail is taken.
 */
export async function signup(db: Database, input: SignupRequest, ctx: RequestContext): Promise<AuthUser> {
  const { now } = ctx;
  const settings = await getPlatformSettings(db);
  if (!settings.platform.allowSignups) throw new AppError('SIGNUPS_DISABLED', SIGNUPS_DISABLED_TEXT);
  await assertPasswordPolicy(db, input.password, 'body.password');
  const email = input.email.toLowerCase();
  if (await userIdByEmail(db, email)) throw conflict(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_REGISTERED }]);
  const passwordHash = await hashPassword(input.password);
  // Two signups of the same first name at once can pick the same free slug: the loser of
  // that race retries with the next suffix rather than failing (tenants_slug_unique).
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const planId = await defaultPlanId(tx, settings.platform.defaultPlan);
        const tenant = await createTenant(tx, { name: `${input.firstName}'s Store`, trialDays: settings.platform.trialDays, planId }, now);
        const owner = await insertAccount(tx, {
          tenantId: tenant.id,
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'tenant_admin',
        });
        await writeAudit(tx, {
          tenantId: tenant.id,
          ...auditActorOf(ctx),
          userId: owner.id,
          action: 'tenant.signup',
          entity: 'tenant',
          entityId: tenant.id,
          before: null,
          after: { name: tenant.name, planId, trialDays: settings.platform.trialDays, ownerEmail: email },
        });
        return owner;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_unique')) throw conflict(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_REGISTERED }]);
      if (attempt < 5 && isUniqueViolation(err, 'tenants_slug_unique')) continue;
      throw err;
    }
  }
}
