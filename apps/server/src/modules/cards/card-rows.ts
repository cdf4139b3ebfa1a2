import { and, eq } from 'drizzle-orm';
import type { CardResponse, Tier } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { customerSummaries } from '../customers/index.ts';
import { storeNames } from '../stores/index.ts';
import { cardQrUrl } from './qr-token.ts';

/** A card row with its holder and store name, as every card answer reads and shapes it, and who acts on a card. */

/** What the card view needs to build `qrUrl`. */
export interface QrContext {
  publicUrl: string;
  secret: string;
  slug: string;
  /** Whether this install issues Apple Wallet passes (config `wallet.applePasses`): the welcome message links the card's pass. */
  applePasses?: boolean;
}

/** A card's holder as the card view shows it; money in cents. */
interface CardHolder {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  tier: Tier;
  totalSpendCents: number;
  /** The holder's referral code (docs/product.md 'Rewards'). */
  referralCode: string;
}

/** A card row joined with its holder (or null) and its store's name (or null). */
export interface CardRow {
  card: typeof cards.$inferSelect;
  customer: CardHolder | null;
  storeName: string | null;
}

/**
 * The one row → CardResponse mapper, used by the POS lookup, the card list,
 * batch creation, activation, block and store change. Money in cents; timestamps ISO-8601;
 * `qrUrl` is the signed public URL of docs/product.md 'Cards'.
 */
export function toCardResponse(row: CardRow, qr: QrContext): CardResponse {
  const { card, customer } = row;
  return {
    id: card.id,
    cardUid: card.cardUid,
    customerId: card.customerId,
    status: card.status,
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
          tier: customer.tier,
          totalSpendCents: customer.totalSpendCents,
        }
      : null,
  };
}

/** The holder and store-name subqueries a card view joins (customers' and stores' projections, ADR 0012). */
export function cardJoins(db: DbOrTx) {
  return { holder: customerSummaries(db), sn: storeNames(db) };
}

/**
 * SELECT of card + holder + store name, joined within the card's tenant (composite keys).
 * `joins` are the subqueries of `cardJoins`: pass the same ones to filter on the holder.
 */
export function selectCardRows(db: DbOrTx, { holder, sn }: ReturnType<typeof cardJoins> = cardJoins(db)) {
  return db
    .select({
      card: cards,
      customer: {
        id: holder.id,
        firstName: holder.firstName,
        lastName: holder.lastName,
        email: holder.email,
        phone: holder.phone,
        tier: holder.tier,
        totalSpendCents: holder.totalSpendCents,
        referralCode: holder.referralCode,
      },
      storeName: sn.name,
    })
    .from(cards)
    .leftJoin(holder, and(eq(holder.tenantId, cards.tenantId), eq(holder.id, cards.customerId)))
    .leftJoin(sn, and(eq(sn.tenantId, cards.tenantId), eq(sn.id, cards.storeId)));
}

/** Re-reads one card of a tenant by id with its customer and store name. */
export async function loadCardRow(db: DbOrTx, tenantId: string, cardId: string): Promise<CardRow> {
  const [row] = await selectCardRows(db).where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)));
  if (!row) throw notFound('Card not found');
  return row;
}
