import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../context.ts';
import { storeNames } from '../stores/index.ts';
import { accountColumns } from './sessions.ts';
import { PASSWORD_RESET_PURPOSE, revokeUnusedTokens } from '../auth/tokens.ts';

/** Login accounts as sign-in, signup, the set-up link, invitations, customer erasure and the operator use them (the `users` rows beyond staff management). */

/** An account as sign-in reads it: the AuthUser fields, the password hash and whether it is active. */
export interface LoginAccount extends AuthUser {
  passwordHash: string;
  active: boolean;
}

/** The account whose e-mail is `email` (compared lower-cased) with its store's name, or null (sign-in, docs/product.md 'Accounts and sign-in'). */
export async function findLoginAccount(db: DbOrTx, email: string): Promise<LoginAccount | null> {
  const sn = storeNames(db);
  const [row] = await db
    .select({ ...accountColumns(sn), passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(sn, and(eq(sn.tenantId, users.tenantId), eq(sn.id, users.storeId)))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Stamps the account's last sign-in (`lastLogin`, shown on the staff list) at `at`. */
export async function recordLogin(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastLogin: at }).where(eq(users.id, userId));
}

/** The id of the account whose e-mail is exactly `email` (stored lower-case), or null. */
export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

/** A new account: a login e-mail (lower-cased here), an argon2id hash, names, a role and its tenant, store and customer links. */
export interface NewAccount {
  tenantId: string | null;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  storeId?: string | null;
  customerId?: string | null;
}

/**
 * Inserts an account in `tx` (signup's tenant_admin, the operator's tenant owner, the first
 * platform_admin) and returns it as an AuthUser (store name null: none of these has a
 * store). A taken e-mail throws the unique violation users_email_unique (the caller maps it
 * to its 409).
 */
export async function insertAccount(tx: DbOrTx, account: NewAccount): Promise<AuthUser> {
  const [user] = await tx
    .insert(users)
    .values({ ...account, email: account.email.toLowerCase() })
    .returning();
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    tenantId: user.tenantId,
    storeId: user.storeId,
    storeName: null,
    customerId: user.customerId,
  };
}

/** The fields the own-password change needs of an account, or null when it is gone. */
export async function findPasswordAccount(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; tenantId: string | null; passwordHash: string; active: boolean } | null> {
  const [user] = await db
    .select({ id: users.id, tenantId: users.tenantId, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

/**
 * Replaces the account's password hash by `newHash` in `tx` only if it still is `expectedHash`
 * (compare-and-swap: a concurrent change wins). Returns whether it was replaced. A replaced
 * hash revokes the account's unused password reset links (docs/security.md 'Passwords').
 */
export async function swapPasswordHash(tx: DbOrTx, userId: string, expectedHash: string, newHash: string): Promise<boolean> {
  const swapped = await tx
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
    .returning({ id: users.id });
  if (swapped.length > 0) await revokeUnusedTokens(tx, PASSWORD_RESET_PURPOSE, userId);
  return swapped.length > 0;
}

/** True when at least one platform_admin account exists (active or not). */
export async function platformAdminExists(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'platform_admin')).limit(1);
  return rows.length > 0;
}

/**
 * Detaches the platform_admin accounts linked to tenant `tenantId` (tenant, store and customer
 * links set to null) in `tx`, so that deleting the tenant does not delete them through the
 * cascade of users.tenant_id.
 */
export async function detachPlatformAdmins(tx: Tx, tenantId: string): Promise<void> {
  await tx
    .update(users)
    .set({ tenantId: null, storeId: null, customerId: null })
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'platform_admin')));
}

/** An invited account as the invitation page and its acceptance read it: e-mail, first name, tenant, whether still pending and active. */
export async function invitedAccount(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; email: string; firstName: string; tenantId: string | null; pending: boolean; active: boolean } | null> {
  const [u] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, tenantId: users.tenantId, pending: users.invitationPending, active: users.active })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}

/** Sets the password hash of an invited account and ends its pending state in `tx`, only while still pending (revoking its unused reset links); returns whether it did. */
export async function completeInvitation(tx: DbOrTx, userId: string, passwordHash: string): Promise<boolean> {
  const done = await tx
    .update(users)
    .set({ passwordHash, invitationPending: false })
    .where(and(eq(users.id, userId), eq(users.invitationPending, true)))
    .returning({ id: users.id });
  if (done.length > 0) await revokeUnusedTokens(tx, PASSWORD_RESET_PURPOSE, userId);
  return done.length > 0;
}

/** The tenant's active Store Admins who have a password of their own (not pending an invitation): e-mail and first name, by e-mail (the card order status messages). */
export async function tenantAdminContacts(db: DbOrTx, tenantId: string): Promise<{ email: string; firstName: string }[]> {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'tenant_admin'), eq(users.active, true), eq(users.invitationPending, false)))
    .orderBy(asc(users.email));
}

/**
 * Deletes, in `tx`, the login accounts (role customer) of customer `customerId` of the tenant
 * (ADR 0026: an erased customer keeps no account): their sessions, trusted devices and
 * single-use tokens go with them (foreign keys ON DELETE CASCADE), so every session ends at
 * once. Returns the deleted accounts: id, e-mail and names (the erasure scrubs them elsewhere).
 */
export async function removeCustomerLogins(
  tx: DbOrTx,
  tenantId: string,
  customerId: string,
): Promise<{ id: string; email: string; firstName: string; lastName: string }[]> {
  return tx
    .delete(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.customerId, customerId), eq(users.role, 'customer')))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
}
