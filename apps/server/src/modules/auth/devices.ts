import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trustedDevices } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { userIdByEmail } from '../users/index.ts';

/** A device stays trusted this long after its last sign-in (seconds): 180 days. */
export const DEVICE_TTL_SECONDS = 180 * 24 * 3600;

/** SHA-256 of the device token the browser sent (its device cookie), or null without one (or a malformed one). */
export function deviceHashOf(deviceToken: string | undefined): string | null {
  return deviceToken && deviceToken.length <= 200 ? hashToken(deviceToken) : null;
}

/**
 * True when the device (`deviceHash`) has signed in to the account of `email` before and is
 * still trusted at `now` (ADR 0009). Unknown e-mails are never trusted.
 */
export async function isTrustedDevice(db: Database, deviceHash: string, email: string, now: Date): Promise<boolean> {
  const userId = await userIdByEmail(db, email);
  if (!userId) return false;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, deviceHash), eq(trustedDevices.userId, userId), gt(trustedDevices.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * After a right password: the server mints a new random 256-bit device token, trusts it for
 * `userId` for DEVICE_TTL_SECONDS from `now` and returns it for the device cookie (ADR 0009).
 * The token the client sent (`oldDeviceToken`) is never adopted: one planted in a victim's
 * browser would otherwise become a trusted device of their account that the planter knows.
 * When the old token is a device the server minted (trusted for this or other accounts), those
 * accounts' trust moves to the new token, so a browser shared by two accounts stays trusted
 * for both.
 */
export async function trustDevice(db: Database, oldDeviceToken: string | undefined, userId: string, now: Date): Promise<string> {
  const old = deviceHashOf(oldDeviceToken);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_SECONDS * 1000);
  await db.transaction(async (tx) => {
    if (old) {
      await tx.delete(trustedDevices).where(and(eq(trustedDevices.tokenHash, old), lte(trustedDevices.expiresAt, now)));
      await tx.update(trustedDevices).set({ tokenHash }).where(eq(trustedDevices.tokenHash, old));
    }
    await tx
      .insert(trustedDevices)
      .values({ tokenHash, userId, expiresAt, lastUsedAt: now })
      .onConflictDoUpdate({ target: [trustedDevices.tokenHash, trustedDevices.userId], set: { expiresAt, lastUsedAt: now } });
  });
  return token;
}
