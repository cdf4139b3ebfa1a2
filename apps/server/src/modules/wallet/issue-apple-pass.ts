import { randomBytes } from 'node:crypto';
import { normalizeCardUid } from '@loyalty/domain';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { walletPasses } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { cardQrUrl, findCardRow } from '../cards/index.ts';
import { expiringOfCards } from '../ledger/index.ts';
import { appleSigningIdentity } from './apple-identity.ts';
import { buildApplePass, type PassContent } from './apple-pass.ts';

/** The business a pass is issued for: its id, slug (for the QR URL), name and time zone. */
export interface PassTenant {
  id: string;
  slug: string;
  name: string;
  timezone: string;
}

/** A downloadable pass: the `.pkpass` bytes and the file name to offer. */
export interface PassFile {
  body: Buffer;
  fileName: string;
}

/** Message of the 404 when this install issues no Apple passes (production without a certificate). */
export const APPLE_WALLET_UNAVAILABLE = 'Apple Wallet is not available';

/** Days ahead within which expiring cashback shows on the pass. */
const EXPIRING_DAYS = 30;

/**
 * Issues an Apple Wallet pass of the tenant's card `rawUid` (normalised first; docs/product.md
 * 'Wallet passes'): the pass built from the card as it is now and signed (`buildApplePass`)
 * with a random 128-bit serial number and a 192-bit authentication token, then its
 * `wallet_passes` row (only the token's SHA-256 kept). `onlyCustomerId` limits it to that customer's cards
 * (the customer's own page). Throws 404 'Card not found' for a card outside the tenant (or not
 * the customer's), 404 APPLE_WALLET_UNAVAILABLE when no identity can sign.
 */
export async function issueApplePass(db: DbOrTx, config: Config, tenant: PassTenant, rawUid: string, now: Date, onlyCustomerId?: string): Promise<PassFile> {
  const row = await findCardRow(db, tenant.id, normalizeCardUid(rawUid));
  if (!row || (onlyCustomerId !== undefined && row.card.customerId !== onlyCustomerId)) throw notFound('Card not found');
  const identity = await appleSigningIdentity(db, config, now);
  if (!identity) throw notFound(APPLE_WALLET_UNAVAILABLE);
  const [expiring] = await expiringOfCards(db, tenant.id, [row.card.id], now, EXPIRING_DAYS);
  const content: PassContent = {
    businessName: tenant.name,
    timezone: tenant.timezone,
    cardUid: row.card.cardUid,
    status: row.card.status,
    balanceCents: row.card.balanceCents,
    holderName: row.customer ? `${row.customer.firstName} ${row.customer.lastName}`.trim() : null,
    tier: row.customer?.tier ?? null,
    storeName: row.storeName,
    expiringSoon: expiring ? { cents: expiring.cents, expiresAt: expiring.expiresAt } : null,
    qrUrl: cardQrUrl(config.publicUrl, config.qrTokenSecret, tenant.slug, row.card.cardUid),
  };
  const serialNumber = randomBytes(16).toString('hex');
  const authenticationToken = randomBytes(24).toString('base64url');
  // Signed first: a pass that fails to build leaves no row behind.
  const body = await buildApplePass(content, { serialNumber, authenticationToken, webServiceURL: `${config.publicUrl}/api/wallet/apple` }, identity);
  await db.insert(walletPasses).values({
    tenantId: tenant.id,
    cardId: row.card.id,
    passTypeIdentifier: identity.passTypeIdentifier,
    serialNumber,
    authenticationTokenHash: hashToken(authenticationToken),
    createdAt: now,
    updatedAt: now,
  });
  return { body, fileName: `card-${row.card.cardUid}.pkpass` };
}
