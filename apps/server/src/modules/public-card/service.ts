import { and, desc, eq } from 'drizzle-orm';
import type { CardStatus, Category, PublicCardResponse, Tier, TransactionType } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { cards, customers, stores, tenants, transactions } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { verifyCardToken } from '../cards/qr-token.ts';

/** Ledger rows shown on the public card page (spec §9: 'public card 5'). */
export const PUBLIC_CARD_TRANSACTIONS = 5;

/**
 * GET /api/{slug}/c/{cardUid}?t={token}: the public card page's data (spec §2 public card
 * page, decisions.md 'Cards'). No session is involved: what is answered depends on the token
 * alone, checked in constant time against the card's stored UID with `verifyCardToken`.
 *
 * - Valid token: `full: true` with holderName ('First Last', null when UNASSIGNED), customer
 *   (first/last name, email, phone, tier; null when UNASSIGNED), storeName, activatedAt
 *   (ISO or null) and the card's last 5 ledger rows, newest first (amounts in cents).
 * - No or wrong token: `{ cardUid, status, balanceCents, tenantName, full: false }` and
 *   nothing else, so a typed or guessed UID reveals no name and no history.
 *
 * Throws 404 NOT_FOUND 'Card not found' for an unknown tenant slug or a UID that is not a
 * card of that tenant (the same answer for both).
 */
export async function getPublicCard(db: DbOrTx, slug: string, rawUid: string, token: string | undefined, secret: string): Promise<PublicCardResponse> {
  const cardUid = normalizeCardUid(rawUid);
  const [row] = await db
    .select({
      tenantId: tenants.id,
      tenantName: tenants.name,
      cardId: cards.id,
      cardUid: cards.cardUid,
      status: cards.status,
      balanceCents: cards.balanceCents,
      activatedAt: cards.activatedAt,
      storeName: stores.name,
      customer: {
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
        tier: customers.tier,
      },
    })
    .from(tenants)
    .innerJoin(cards, eq(cards.tenantId, tenants.id))
    .leftJoin(customers, and(eq(customers.tenantId, cards.tenantId), eq(customers.id, cards.customerId)))
    .leftJoin(stores, and(eq(stores.tenantId, cards.tenantId), eq(stores.id, cards.storeId)))
    .where(and(eq(tenants.slug, slug.toLowerCase()), eq(cards.cardUid, cardUid)))
    .limit(1);
  if (!row) throw notFound('Card not found');
  const basic = {
    cardUid: row.cardUid,
    status: row.status as CardStatus,
    balanceCents: row.balanceCents,
    tenantName: row.tenantName,
  };
  if (!verifyCardToken(secret, row.cardUid, token)) return { ...basic, full: false };

  const recent = await db
    .select({
      id: transactions.id,
      type: transactions.type,
      category: transactions.category,
      amountCents: transactions.amountCents,
      cashbackCents: transactions.cashbackCents,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(and(eq(transactions.tenantId, row.tenantId), eq(transactions.cardId, row.cardId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(PUBLIC_CARD_TRANSACTIONS);
  const customer = row.customer;
  return {
    ...basic,
    full: true,
    holderName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : null,
    customer: customer
      ? { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone: customer.phone, tier: customer.tier as Tier }
      : null,
    storeName: row.storeName,
    activatedAt: row.activatedAt?.toISOString() ?? null,
    transactions: recent.map((t) => ({
      id: t.id,
      type: t.type as TransactionType,
      category: t.category as Category | null,
      amountCents: t.amountCents,
      cashbackCents: t.cashbackCents,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}
