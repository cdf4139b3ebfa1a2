import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { type AuditActor, writeAudit } from '../audit/index.ts';
import type { CardRow } from './card-rows.ts';
import type { LockedCard } from './order-cards.ts';

/** A customer's cards under their erasure (ADR 0026): locked, then blocked. */

/** A card held by a customer as the erasure locks it (ADR 0026): id, UID, status, balance (cents), store. */
export interface HeldCard extends LockedCard {
  cardUid: string;
  status: CardRow['card']['status'];
}

/**
 * Locks every card held by customer `customerId` of the tenant `FOR UPDATE` in `tx` (in id
 * order, so two erasures never deadlock) and returns them: the erasure's cards (ADR 0026).
 */
export async function lockCardsOfCustomer(tx: Tx, tenantId: string, customerId: string): Promise<HeldCard[]> {
  return tx
    .select({
      id: cards.id,
      cardUid: cards.cardUid,
      status: cards.status,
      balanceCents: cards.balanceCents,
      customerId: cards.customerId,
      storeId: cards.storeId,
    })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId)))
    .orderBy(asc(cards.id))
    .for('update');
}

/** Reason recorded on the audit rows of the cards an erasure blocks. */
const ERASURE_BLOCK_REASON = "Erased at the customer's request";

/**
 * Blocks the ACTIVE cards among `held` (locked by `lockCardsOfCustomer` in `tx`) and writes a
 * 'card.block' audit row for each (reason ERASURE_BLOCK_REASON): an erased customer's cards
 * can never earn or redeem again (ADR 0026); `actor` is who erases (audit module `auditActorOf`). No `card.blocked` webhook event: the erasure's
 * own `customer.erased` event says it. Returns how many were blocked.
 */
export async function blockCardsForErasure(tx: Tx, tenantId: string, held: readonly HeldCard[], actor: AuditActor): Promise<number> {
  const active = held.filter((c) => c.status === 'ACTIVE');
  for (const card of active) {
    await tx
      .update(cards)
      .set({ status: 'BLOCKED' })
      .where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
    await writeAudit(tx, {
      tenantId,
      ...actor,
      action: 'card.block',
      entity: 'card',
      entityId: card.cardUid,
      before: { status: card.status },
      after: { status: 'BLOCKED', reason: ERASURE_BLOCK_REASON },
    });
  }
  return active.length;
}
