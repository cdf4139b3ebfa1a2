import { ne } from 'drizzle-orm';
import { normalizeCardUid } from '@loyalty/domain';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { walletGoogleObjects } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { findCardRow } from '../cards/index.ts';
import { googleIssuer } from './google-identity.ts';
import { googleObjectIdsOf, googleSaveUrl, loyaltyClassOf, loyaltyObjectOf } from './google-pass.ts';
import { passContentOf, type PassTenant } from './pass-content.ts';

/** Message of the 404 when this install issues no Google Wallet links (production without a service account). */
export const GOOGLE_WALLET_UNAVAILABLE = 'Google Wallet is not available';

/** The programme logo's public address, which Google fetches: `{PUBLIC_URL}/api/wallet/google/logo.png`. */
export function programLogoUrlOf(config: Config): string {
  return `${config.publicUrl}/api/wallet/google/logo.png`;
}

/**
 * A 'Save to Google Wallet' link for the tenant's card `rawUid` (normalised first;
 * docs/product.md 'Wallet passes', ADR 0047): the business's class and the card's object as
 * they are now, in a JWT signed by the issuer (`googleSaveUrl`), and the card's
 * `wallet_google_objects` row, made on the first link (a later issuer takes it over), so that
 * the object's changes are sent to Google from then on. `onlyCustomerId` limits it to that
 * customer's cards. Throws 404 'Card not found' for a card outside the tenant (or not the
 * customer's), 404 GOOGLE_WALLET_UNAVAILABLE when no issuer signs.
 */
export async function issueGoogleSaveUrl(db: DbOrTx, config: Config, tenant: PassTenant, rawUid: string, now: Date, onlyCustomerId?: string): Promise<string> {
  const row = await findCardRow(db, tenant.id, normalizeCardUid(rawUid));
  if (!row || (onlyCustomerId !== undefined && row.card.customerId !== onlyCustomerId)) throw notFound('Card not found');
  const issuer = await googleIssuer(db, config, now);
  if (!issuer) throw notFound(GOOGLE_WALLET_UNAVAILABLE);
  const content = await passContentOf(db, config, tenant, row, now);
  const ids = googleObjectIdsOf(issuer.issuerId, tenant.id, row.card.id);
  const url = await googleSaveUrl(
    issuer,
    new URL(config.publicUrl).origin,
    loyaltyClassOf(content, ids, programLogoUrlOf(config), issuer.development),
    loyaltyObjectOf(content, ids),
    now,
  );
  await db
    .insert(walletGoogleObjects)
    .values({ tenantId: tenant.id, cardId: row.card.id, issuerId: issuer.issuerId, ...ids, createdAt: now, updatedAt: now, pushedAt: now })
    .onConflictDoUpdate({
      target: [walletGoogleObjects.tenantId, walletGoogleObjects.cardId],
      set: { issuerId: issuer.issuerId, ...ids },
      setWhere: ne(walletGoogleObjects.issuerId, issuer.issuerId),
    });
  return url;
}
