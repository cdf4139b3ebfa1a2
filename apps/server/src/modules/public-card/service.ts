import type { PublicCardResponse } from '@loyalty/contract';
import { normalizeCardUid, referralLink } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { verifyCardToken, findCardRow } from '../cards/index.ts';
import { tenantContextBySlug } from '../tenants/index.ts';
import { expiringOfCards, recentLedgerOfCard } from '../ledger/index.ts';
import { readRewardSettings } from '../rules/index.ts';

/** Ledger rows shown on the public card page. */
const PUBLIC_CARD_TRANSACTIONS = 5;

/**
 * GET /api/{slug}/c/{cardUid}?t={token}: the public card page's data (the public card
 * page, docs/product.md 'Cards'). No session is involved: what is answered depends on the token
 * alone, checked in constant time against the card's stored UID with `verifyCardToken`.
 *
 * - Valid token: `full: true` with holderName ('First Last', null when UNASSIGNED), customer
 *   (first/last name, email, phone, tier; null when UNASSIGNED), storeName, activatedAt
 *   (ISO or null) and the card's last 5 ledger rows, newest first (amounts in cents); while
 *   the business runs referrals and the card is ACTIVE, the holder's referral link
 *   (docs/product.md 'Rewards').
 * - No or wrong token: `{ cardUid, status, balanceCents, tenantName, full: false }` and
 *   nothing else, so a typed or guessed UID reveals no name and no history.
 *
 * Throws 404 NOT_FOUND 'Card not found' for an unknown tenant slug or a UID that is not a
 * card of that tenant (the same answer for both).
 */
export async function getPublicCard(
  db: DbOrTx,
  slug: string,
  rawUid: string,
  token: string | undefined,
  links: { secret: string; publicUrl: string },
  now: Date,
): Promise<PublicCardResponse> {
  const { secret } = links;
  const cardUid = normalizeCardUid(rawUid);
  const tenant = await tenantContextBySlug(db, slug);
  const row = tenant ? await findCardRow(db, tenant.id, cardUid) : null;
  if (!tenant || !row) throw notFound('Card not found');
  const { card } = row;
  const basic = {
    cardUid: card.cardUid,
    status: card.status,
    balanceCents: card.balanceCents,
    tenantName: tenant.name,
  };
  if (!verifyCardToken(secret, card.cardUid, token)) return { ...basic, full: false };

  const recent = await recentLedgerOfCard(db, tenant.id, card.id, PUBLIC_CARD_TRANSACTIONS);
  const expiring = await expiringOfCards(db, tenant.id, [card.id], now);
  const customer = row.customer;
  const { referral } = await readRewardSettings(db, tenant.id);
  return {
    ...basic,
    full: true,
    holderName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : null,
    customer: customer
      ? { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone: customer.phone, tier: customer.tier }
      : null,
    storeName: row.storeName,
    activatedAt: card.activatedAt?.toISOString() ?? null,
    transactions: recent.map((t) => ({
      id: t.id,
      type: t.type,
      category: t.category,
      reason: t.reason ?? null,
      amountCents: t.amountCents,
      cashbackCents: t.cashbackCents,
      createdAt: t.createdAt.toISOString(),
    })),
    expiringSoon: expiring.map((l) => ({ cardUid: card.cardUid, cents: l.cents, expiresAt: l.expiresAt.toISOString() })),
    referralLink: referral.enabled && customer && card.status === 'ACTIVE' ? referralLink(links.publicUrl, tenant.slug, customer.referralCode) : null,
  };
}
