import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';

/** The cards of a paid card order: locked and deleted together when the order is refunded. */

/** The card fields a balance movement needs: id, balance (cents), holder and store. */
export interface LockedCard {
  id: string;
  balanceCents: number;
  customerId: string | null;
  storeId: string | null;
}

/** Locks the cards a paid card order added (card_order_id = `orderId`) `FOR UPDATE` in `tx`: id, status, balance (cents), holder. */
export async function lockCardsOfOrder(tx: Tx, tenantId: string, orderId: string) {
  return tx
    .select({ id: cards.id, status: cards.status, balanceCents: cards.balanceCents, customerId: cards.customerId })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardOrderId, orderId)))
    .for('update');
}

/** Deletes the cards a card order added (a refunded order, its cards unused: the caller checked) in `tx`. */
export async function deleteCardsOfOrder(tx: Tx, tenantId: string, orderId: string): Promise<void> {
  await tx.delete(cards).where(and(eq(cards.tenantId, tenantId), eq(cards.cardOrderId, orderId)));
}
