import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { authTokens } from '../../db/schema/index.ts';

/**
 * Single-use tokens sent to a person (the set-up link, password resets,
 * invitations): the auth module owns `auth_tokens`. Only the SHA-256 of a token is stored;
 * `purpose` says what it may do; it is spent once (`usedAt`, in the transaction of its
 * effect); past `expiresAt` it does nothing.
 */

/** auth_tokens purpose of a staff invitation link: issued by users/invitations.ts, spent by auth/invitations.ts. */
export const INVITATION_PURPOSE = 'invitation';

/** auth_tokens purpose of a password reset link (one hour, single use; ADR 0018). */
export const PASSWORD_RESET_PURPOSE = 'password_reset';

/** A stored token: its hash, purpose, the account it acts on (null for 'setup'), expiry and use. */
export type AuthTokenRow = typeof authTokens.$inferSelect;

/**
 * Issues a token of `purpose` in one transaction: deletes the unused tokens of that purpose
 * (only the newest link works) and stores `tokenHash`, valid until `expiresAt`, created `now`.
 */
export async function replaceUnusedTokens(db: Database, purpose: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(authTokens).where(and(eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({ tokenHash, purpose, expiresAt, createdAt: now });
  });
}

/** True when a token of `purpose` with hash `tokenHash` exists, is unused and has not expired at `now`. */
export async function tokenUsable(db: DbOrTx, purpose: string, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ hash: authTokens.tokenHash })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)));
  return rows.length > 0;
}

/** Locks the token of `purpose` with hash `tokenHash` `FOR UPDATE` in `tx` (two spends of one token run one after the other); null when unknown. */
export async function lockToken(tx: Tx, purpose: string, tokenHash: string): Promise<AuthTokenRow | null> {
  const [row] = await tx
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .for('update');
  return row ?? null;
}

/** Marks the token spent at `now` in `tx` (call it in the transaction of the token's effect). */
export async function spendToken(tx: Tx, tokenHash: string, now: Date): Promise<void> {
  await tx.update(authTokens).set({ usedAt: now }).where(eq(authTokens.tokenHash, tokenHash));
}

/**
 * Issues a token of `purpose` for the account `userId` in `tx` (a password reset link, an
 * invitation): deletes that account's unused tokens of the purpose (only the newest link works)
 * and stores `tokenHash`, valid until `expiresAt`.
 */
export async function issueUserToken(tx: DbOrTx, purpose: string, userId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
  await tx.delete(authTokens).where(and(eq(authTokens.purpose, purpose), eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
  await tx.insert(authTokens).values({ tokenHash, purpose, userId, expiresAt, createdAt: now });
}

/** The account a usable token of `purpose` acts on (unused, not expired at `now`), or null. */
export async function usableTokenUserId(db: DbOrTx, purpose: string, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)));
  return row?.userId ?? null;
}

/**
 * Deletes the unused tokens of `purpose` of the account `userId` in `tx`. Every write of a
 * password hash calls it for PASSWORD_RESET_PURPOSE (users/service.ts), so a reset link dies
 * when the password changes by any path (docs/security.md 'Passwords').
 */
export async function revokeUnusedTokens(tx: DbOrTx, purpose: string, userId: string): Promise<void> {
  await tx.delete(authTokens).where(and(eq(authTokens.purpose, purpose), eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
}
