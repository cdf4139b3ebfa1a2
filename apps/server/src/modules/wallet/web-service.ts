import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { walletPasses, walletRegistrations } from '../../db/schema/index.ts';
import { notFound, unauthenticated } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { loadCardRow } from '../cards/index.ts';
import { tenantContextById } from '../tenants/index.ts';
import { tenantSigningIdentity } from './business-identity.ts';
import { buildApplePass } from './apple-pass.ts';
import { passContentOf, webServiceUrlOf } from './pass-content.ts';

/**
 * Apple's PassKit web service, as Apple specifies it (docs/product.md 'Wallet passes', ADR
 * 0046): a device registers a pass for updates, asks which of its passes changed, and fetches a
 * changed pass. A pass is named by its Pass Type ID and serial number, and the device proves it
 * holds the pass with `Authorization: ApplePass <authenticationToken>`.
 */

type PassRow = typeof walletPasses.$inferSelect;

/** The message of 404 for a Pass Type ID and serial that name no pass. */
const PASS_NOT_FOUND = 'Pass not found';

/** The token of an `Authorization: ApplePass <token>` header, or null. */
function applePassToken(authorization: string | undefined): string | null {
  const match = /^ApplePass (\S{16,200})$/.exec(authorization?.trim() ?? '');
  return match ? match[1]! : null;
}

/**
 * The pass `passTypeIdentifier`/`serialNumber` whose token the `authorization` header carries.
 * The token's SHA-256 is compared with the stored one in constant time. Throws 404 'Pass not
 * found' for an unknown pass, 401 UNAUTHENTICATED for a missing or wrong token.
 */
async function authorizedPass(db: DbOrTx, passTypeIdentifier: string, serialNumber: string, authorization: string | undefined): Promise<PassRow> {
  const [pass] = await db
    .select()
    .from(walletPasses)
    .where(and(eq(walletPasses.serialNumber, serialNumber), eq(walletPasses.passTypeIdentifier, passTypeIdentifier)));
  if (!pass) throw notFound(PASS_NOT_FOUND);
  const token = applePassToken(authorization);
  const given = Buffer.from(hashToken(token ?? ''), 'hex');
  const stored = Buffer.from(pass.authenticationTokenHash, 'hex');
  if (!token || given.length !== stored.length || !timingSafeEqual(given, stored)) throw unauthenticated('The pass authentication token is not valid');
  return pass;
}

/**
 * Registers `deviceLibraryIdentifier` for the pass's updates, with its APNs `pushToken` (a
 * device that registers again sends its current token, which replaces the old one). Returns
 * 'created' (HTTP 201) or 'updated' (already registered, 200). Throws as `authorizedPass`.
 */
export async function registerDevice(
  db: DbOrTx,
  input: { deviceLibraryIdentifier: string; passTypeIdentifier: string; serialNumber: string; authorization: string | undefined; pushToken: string },
  now: Date,
): Promise<'created' | 'updated'> {
  const pass = await authorizedPass(db, input.passTypeIdentifier, input.serialNumber, input.authorization);
  const [row] = await db
    .insert(walletRegistrations)
    .values({ tenantId: pass.tenantId, passId: pass.id, deviceLibraryIdentifier: input.deviceLibraryIdentifier, pushToken: input.pushToken, createdAt: now })
    .onConflictDoUpdate({
      target: [walletRegistrations.tenantId, walletRegistrations.passId, walletRegistrations.deviceLibraryIdentifier],
      set: { pushToken: input.pushToken },
    })
    // xmax is 0 on a row this statement inserted, not on one it updated (PostgreSQL's upsert idiom).
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted ? 'created' : 'updated';
}

/** Ends the device's registration for the pass (nothing to do when there was none). Throws as `authorizedPass`. */
export async function unregisterDevice(
  db: DbOrTx,
  input: { deviceLibraryIdentifier: string; passTypeIdentifier: string; serialNumber: string; authorization: string | undefined },
): Promise<void> {
  const pass = await authorizedPass(db, input.passTypeIdentifier, input.serialNumber, input.authorization);
  await db
    .delete(walletRegistrations)
    .where(
      and(
        eq(walletRegistrations.tenantId, pass.tenantId),
        eq(walletRegistrations.passId, pass.id),
        eq(walletRegistrations.deviceLibraryIdentifier, input.deviceLibraryIdentifier),
      ),
    );
}

/**
 * The update tag Apple echoes back as `passesUpdatedSince`: epoch milliseconds, one past the
 * instant read (the database keeps microseconds, a JS Date truncates them), so the change it
 * names is not reported again.
 */
const tagOf = (instant: Date): string => String(instant.getTime() + 1);

/**
 * The serial numbers of the passes of `passTypeIdentifier` the device registered whose content
 * changed after the tag `passesUpdatedSince` (all of them without a tag; a tag that is not a
 * number of milliseconds reads as none), with `lastUpdated` the tag of the newest change among
 * them. Null when none: the route answers 204.
 */
export async function updatedSerials(
  db: DbOrTx,
  deviceLibraryIdentifier: string,
  passTypeIdentifier: string,
  passesUpdatedSince: string | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  const since = passesUpdatedSince && /^\d{1,15}$/.test(passesUpdatedSince) ? new Date(Number(passesUpdatedSince)) : null;
  const rows = await db
    .select({ serialNumber: walletPasses.serialNumber, updatedAt: walletPasses.updatedAt })
    .from(walletRegistrations)
    .innerJoin(walletPasses, and(eq(walletPasses.tenantId, walletRegistrations.tenantId), eq(walletPasses.id, walletRegistrations.passId)))
    .where(
      and(
        eq(walletRegistrations.deviceLibraryIdentifier, deviceLibraryIdentifier),
        eq(walletPasses.passTypeIdentifier, passTypeIdentifier),
        since ? gt(walletPasses.updatedAt, since) : undefined,
      ),
    )
    .orderBy(walletPasses.serialNumber);
  if (rows.length === 0) return null;
  const newest = rows.reduce((a, r) => (r.updatedAt > a ? r.updatedAt : a), rows[0]!.updatedAt);
  return { serialNumbers: rows.map((r) => r.serialNumber), lastUpdated: tagOf(newest) };
}

/** A pass as Apple fetches it: the signed `.pkpass`, or `notModified` when `If-Modified-Since` covers the last change. */
export type CurrentPass = { notModified: true; lastModified: Date } | { notModified: false; lastModified: Date; body: Buffer };

/**
 * The pass freshly built from its card and signed, with the same serial and the token the
 * device sent (so its later requests still authenticate), and `lastModified` its last change
 * (whole seconds, as HTTP dates carry). With `ifModifiedSince` at or after that change: not
 * modified (HTTP 304), nothing built. Throws as `authorizedPass`; 404 'Pass not found' when its
 * card or business is gone or no identity signs passes any more.
 */
export async function currentPass(
  db: DbOrTx,
  config: Config,
  input: { passTypeIdentifier: string; serialNumber: string; authorization: string | undefined; ifModifiedSince: Date | null },
  now: Date,
): Promise<CurrentPass> {
  const pass = await authorizedPass(db, input.passTypeIdentifier, input.serialNumber, input.authorization);
  const lastModified = new Date(Math.floor(pass.updatedAt.getTime() / 1000) * 1000);
  if (input.ifModifiedSince && input.ifModifiedSince.getTime() >= lastModified.getTime()) return { notModified: true, lastModified };
  const [tenant, identity] = await Promise.all([
    tenantContextById(db, pass.tenantId),
    tenantSigningIdentity(db, config, now, pass.tenantId, pass.passTypeIdentifier),
  ]);
  if (!tenant || !identity) throw notFound(PASS_NOT_FOUND);
  const row = await loadCardRow(db, pass.tenantId, pass.cardId);
  const content = await passContentOf(db, config, tenant, row, now);
  const body = await buildApplePass(
    content,
    { serialNumber: pass.serialNumber, authenticationToken: applePassToken(input.authorization)!, webServiceURL: webServiceUrlOf(config) },
    identity,
  );
  return { notModified: false, lastModified, body };
}
