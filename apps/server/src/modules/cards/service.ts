import { and, eq } from 'drizzle-orm';
import type { CardResponse, Tier } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { cards, customers, stores } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { cardQrUrl } from './qr-token.ts';

/** What the card view needs to build `qrUrl`. */
export interface QrContext {
  publicUrl: string;
  secret: string;
  slug: string;
}

/**
 * GET /api/t/{slug}/cards/{cardUid}: the POS lookup (spec §2 'POS Terminal', §3 'Card').
 * The UID is normalised first (decisions.md 'Cards'). Throws 404 'Card not found' when the
 * card does not exist in this tenant (another tenant's card included).
 */
export async function getCardView(db: DbOrTx, tenantId: string, rawUid: string, qr: QrContext): Promise<CardResponse> {
  const cardUid = normalizeCardUid(rawUid);
  const [row] = await db
    .select({ card: cards, customer: customers, storeName: stores.name })
    .from(cards)
    .leftJoin(customers, and(eq(customers.tenantId, cards.tenantId), eq(customers.id, cards.customerId)))
    .leftJoin(stores, and(eq(stores.tenantId, cards.tenantId), eq(stores.id, cards.storeId)))
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
    .limit(1);
  if (!row) throw notFound('Card not found');
  const { card, customer } = row;
  return {
    id: card.id,
    cardUid: card.cardUid,
    customerId: card.customerId,
    status: card.status as CardResponse['status'],
    balanceCents: card.balanceCents,
    storeId: card.storeId,
    storeName: row.storeName,
    qrUrl: cardQrUrl(qr.publicUrl, qr.secret, qr.slug, card.cardUid),
    createdAt: card.createdAt.toISOString(),
    activatedAt: card.activatedAt?.toISOString() ?? null,
    customer: customer
      ? {
          id: customer.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: customer.phone,
          tier: customer.tier as Tier,
          totalSpendCents: customer.totalSpendCents,
        }
      : null,
  };
}
