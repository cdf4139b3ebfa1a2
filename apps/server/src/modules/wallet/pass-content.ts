import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cardQrUrl, type CardRow } from '../cards/index.ts';
import { expiringOfCards } from '../ledger/index.ts';
import type { PassContent } from './apple-pass.ts';
import { walletLogoUrlOf, walletLookOf } from './branding.ts';

/** The business a pass is issued for: its id, slug (for the QR URL), name and time zone. */
export interface PassTenant {
  id: string;
  slug: string;
  name: string;
  timezone: string;
}

/** Days ahead within which expiring cashback shows on the pass. */
const EXPIRING_DAYS = 30;

/**
 * What a pass shows of the card `row` of `tenant` at `now` (docs/product.md 'Wallet passes'):
 * the card as it is, its holder, the soonest cashback expiring within 30 days, and the
 * business's wallet look. The one
 * reading of a pass's content, for a download and for Apple's fetch of a changed pass alike.
 */
export async function passContentOf(db: DbOrTx, config: Config, tenant: PassTenant, row: CardRow, now: Date): Promise<PassContent> {
  const [[expiring], look] = await Promise.all([expiringOfCards(db, tenant.id, [row.card.id], now, EXPIRING_DAYS), walletLookOf(db, tenant.id)]);
  return {
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
    look: { ...look, logoUrl: walletLogoUrlOf(config.publicUrl, tenant.id, look) },
  };
}

/** The PassKit web service's URL written into every pass: `{PUBLIC_URL}/api/wallet/apple`. */
export function webServiceUrlOf(config: Config): string {
  return `${config.publicUrl}/api/wallet/apple`;
}
