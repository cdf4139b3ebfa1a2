import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Role } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

/**
 * Two-factor sign-in state of an account (ADR 0024), kept on the `users` row the users module
 * owns: the sealed TOTP secret (encrypted by the auth module, which alone reads it), when it was
 * turned on, the newest time step accepted and the SHA-256 of each unused recovery code. The
 * auth module runs the use cases (auth/two-factor.ts) through these functions; every write here
 * is a compare-and-set, so two requests racing on one account cannot both win.
 */

/** An account's two-factor state: `secret` sealed (lib/secret-box.ts), `enabledAt` null = off. */
export interface TwoFactorAccount {
  id: string;
  email: string;
  firstName: string;
  role: Role;
  tenantId: string | null;
  active: boolean;
  secret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
  recoveryLeft: number;
}

/** The two-factor state of account `userId`, or null when it does not exist. */
export async function twoFactorAccount(db: DbOrTx, userId: string): Promise<TwoFactorAccount | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      role: users.role,
      tenantId: users.tenantId,
      active: users.active,
      secret: users.twoFactorSecret,
      enabledAt: users.twoFactorEnabledAt,
      lastStep: users.twoFactorLastStep,
      recoveryLeft: sql<number>`cardinality(${users.twoFactorRecoveryHashes})::int`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { ...row, recoveryLeft: Number(row.recoveryLeft) } : null;
}

/** True when account `userId` has two-factor on. */
export async function hasTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.twoFactorEnabledAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.on);
}

/** Stores a new sealed secret for a set-up in progress, only while two-factor is off; returns whether it did. */
export async function saveTwoFactorSecret(db: DbOrTx, userId: string, sealed: string): Promise<boolean> {
  const saved = await db
    .update(users)
    .set({ twoFactorSecret: sealed, twoFactorLastStep: null, twoFactorRecoveryHashes: [] })
    .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  return saved.length > 0;
}

/**
 * Turns two-factor on in `tx` at `now`, only while it is off and the secret is still `sealed`
 * (the one the code was checked against): the accepted `step` becomes the last one, the recovery
 * hashes are stored, and every session of the user waiting for the set-up the operator requires
 * is released. Returns whether it did.
 */
export async function turnOnTwoFactor(tx: DbOrTx, userId: string, sealed: string, step: number, recoveryHashes: string[], now: Date): Promise<boolean> {
  const on = await tx
    .update(users)
    .set({ twoFactorEnabledAt: now, twoFactorLastStep: step, twoFactorRecoveryHashes: recoveryHashes })
    .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt), eq(users.twoFactorSecret, sealed)))
    .returning({ id: users.id });
  if (on.length === 0) return false;
  await tx
    .update(sessions)
    .set({ twoFactorSetupRequired: false })
    .where(and(eq(sessions.userId, userId), eq(sessions.twoFactorSetupRequired, true)));
  return true;
}

/** Turns two-factor off in `tx`: secret, step and recovery codes forgotten. Returns whether it was on. */
export async function turnOffTwoFactor(tx: DbOrTx, userId: string): Promise<boolean> {
  const off = await tx
    .update(users)
    .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, twoFactorRecoveryHashes: [] })
    .where(and(eq(users.id, userId), isNotNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  return off.length > 0;
}

/**
 * Records TOTP time `step` as used when it is newer than the last accepted one (each code works
 * once); false when that step, or a later one, was accepted already.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), isNotNull(users.twoFactorEnabledAt), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Spends the recovery code whose SHA-256 (hex) is `hash`: returns how many codes are left, or null when the account has no such unused code. */
export async function spendRecoveryCode(db: DbOrTx, userId: string, hash: string): Promise<number | null> {
  const [spent] = await db
    .update(users)
    .set({ twoFactorRecoveryHashes: sql`array_remove(${users.twoFactorRecoveryHashes}, ${hash})` })
    .where(and(eq(users.id, userId), isNotNull(users.twoFactorEnabledAt), sql`${hash} = any(${users.twoFactorRecoveryHashes})`))
    .returning({ left: sql<number>`cardinality(${users.twoFactorRecoveryHashes})::int` });
  return spent ? Number(spent.left) : null;
}

/** The Store Admins of tenant `tenantId` with their two-factor state, by first name, last name, e-mail (the operator's reset). */
export async function tenantAdmins(db: DbOrTx, tenantId: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, active: users.active, on: users.twoFactorEnabledAt })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'tenant_admin')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map(({ on, ...u }) => ({ ...u, twoFactorEnabled: on !== null }));
}
