import { randomBytes } from 'node:crypto';
import { normalizeCardUid } from '@loyalty/domain';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { walletPasses } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findCardRow } from '../cards/index.ts';
import { tenantSigningIdentity } from './business-identity.ts';
import { buildApplePass } from './apple-pass.ts';
import { passContentOf, webServiceUrlOf, type PassTenant } from './pass-content.ts';

/** A downloadable pass: the `.pkpass` bytes and the file name to offer. */
export interface PassFile {
  body: Buffer;
  fileName: string;
}

/** Message of the 404 when this install issues no Apple passes (production without a certificate). */
export const APPLE_WALLET_UNAVAILABLE = 'Apple Wallet is not available';

/**
 * Issues an Apple Wallet pass of the tenant's card `rawUid` (normalised first; docs/product.md
 * 'Wallet passes'): the pass built from the card as it is now and signed (`buildApplePass`)
 * with a random 128-bit serial number and a 192-bit authentication token, then its
 * `wallet_passes` row (only the token's SHA-256 kept). Signed with the business's own certificate
 * when it uploaded one, else the platform's (`tenantSigningIdentity`). `onlyCustomerId` limits it to that customer's cards
 * (the customer's own page). Throws 404 'Card not found' for a card outside the tenant (or not
 * the customer's), 404 APPLE_WALLET_UNAVAILABLE when no identity can sign.
 */
export async function issueApplePass(db: DbOrTx, config: Config, tenant: PassTenant, rawUid: string, now: Date, onlyCustomerId?: string): Promise<PassFile> {
  const row = await findCardRow(db, tenant.id, normalizeCardUid(rawUid));
  if (!row || (onlyCustomerId !== undefined && row.card.customerId !== onlyCustomerId)) throw notFound('Card not found');
  const identity = await tenantSigningIdentity(db, config, now, tenant.id);
  if (!identity) throw notFound(APPLE_WALLET_UNAVAILABLE);
  const content = await passContentOf(db, config, tenant, row, now);
  const serialNumber = randomBytes(16).toString('hex');
  const authenticationToken = randomBytes(24).toString('base64url');
  // Signed first: a pass that fails to build leaves no row behind.
  const body = await buildApplePass(content, { serialNumber, authenticationToken, webServiceURL: webServiceUrlOf(config) }, identity);
  await db.insert(walletPasses).values({
    tenantId: tenant.id,
    cardId: row.card.id,
    passTypeIdentifier: identity.passTypeIdentifier,
    serialNumber,
    authenticationTokenHash: hashToken(authenticationToken),
    createdAt: now,
    updatedAt: now,
    pushedAt: now,
  });
  return { body, fileName: `card-${row.card.cardUid}.pkpass` };
}
