import { and, eq } from 'drizzle-orm';
import type { AuthResponse, Role, SignupRequest, SubscriptionStatus } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { stores, tenants, users } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../http/errors.ts';
import type { AuthUser } from '../../http/session.ts';
import { defaultPlanId, getPlatformSettings } from '../platform/settings.ts';
import { createTenant } from '../tenant/service.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords.ts';

/** Session lifetime in seconds from the platform setting sessionTimeout (hours; decisions.md). */
export async function sessionTtlSeconds(db: Database): Promise<number> {
  const settings = await getPlatformSettings(db);
  return Math.max(1, settings.security.sessionTimeout) * 3600;
}

/** Builds the `{ user, tenant }` answer of login, signup and me for a user id. */
export async function authResponse(db: Database, user: AuthUser): Promise<AuthResponse> {
  let tenant: AuthResponse['tenant'] = null;
  if (user.tenantId) {
    const [t] = await db
      .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, subscriptionStatus: tenants.subscriptionStatus })
      .from(tenants)
      .where(eq(tenants.id, user.tenantId));
    if (t) tenant = { ...t, subscriptionStatus: t.subscriptionStatus as SubscriptionStatus };
  }
  return {
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

/** 401 text for a deactivated staff account whose password is right (PUT /users/{id} active false). */
export const DEACTIVATED_ACCOUNT = 'This account has been deactivated. Please contact your store administrator.';

/**
 * Checks e-mail and password (argon2id). Returns the user, or throws 401 'Invalid email or
 * password' for an unknown e-mail or a wrong password alike (no account enumeration), and
 * 401 DEACTIVATED_ACCOUNT for a deactivated account given its right password. Records
 * `lastLogin` on success.
 */
export async function login(db: Database, email: string, password: string): Promise<AuthUser> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      tenantId: users.tenantId,
      storeId: users.storeId,
      storeName: stores.name,
      customerId: users.customerId,
      active: users.active,
    })
    .from(users)
    .leftJoin(stores, and(eq(stores.tenantId, users.tenantId), eq(stores.id, users.storeId)))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  const ok = row ? await verifyPassword(row.passwordHash, password) : (await verifyPassword(await DUMMY_HASH_PROMISE, password), false);
  if (!row || !ok) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
  // Only someone who knows the password learns that the account exists but is switched off.
  if (!row.active) throw new AppError('UNAUTHENTICATED', DEACTIVATED_ACCOUNT);
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, row.id));
  const { passwordHash: _p, active: _a, ...user } = row;
  return { ...user, role: user.role as Role };
}

/** 409 text for a login e-mail already in use (signup and the platform's tenant create). */
export const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * POST /api/auth/signup (decisions.md 'Accounts'): creates a tenant '{firstName}'s Store' on
 * trial (trialDays and defaultPlan of the platform settings) with its owner as tenant_admin,
 * in one transaction. Throws 403 SIGNUPS_DISABLED when
 * the platform setting allowSignups is off, 409 when the e-mail is taken.
 */
export async function signup(db: Database, input: SignupRequest): Promise<AuthUser> {
  const settings = await getPlatformSettings(db);
  if (!settings.platform.allowSignups) throw new AppError('SIGNUPS_DISABLED', 'Signups are currently disabled');
  const email = input.email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw conflict(EMAIL_TAKEN, [{ field: 'email', message: 'Email already registered' }]);
  const passwordHash = await hashPassword(input.password);
  // Two signups of the same first name at once can pick the same free slug: the loser of
  // that race retries with the next suffix rather than failing (tenants_slug_unique).
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const planId = await defaultPlanId(tx, settings.platform.defaultPlan);
        const tenant = await createTenant(tx, { name: `${input.firstName}'s Store`, trialDays: settings.platform.trialDays, planId });
        const [user] = await tx
          .insert(users)
          .values({ tenantId: tenant.id, email, passwordHash, firstName: input.firstName, lastName: input.lastName, role: 'tenant_admin' })
          .returning();
        return {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: 'tenant_admin' as const,
          tenantId: tenant.id,
          storeId: null,
          storeName: null,
          customerId: null,
        };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_unique')) throw conflict(EMAIL_TAKEN, [{ field: 'email', message: 'Email already registered' }]);
      if (attempt < 5 && isUniqueViolation(err, 'tenants_slug_unique')) continue;
      throw err;
    }
  }
}
