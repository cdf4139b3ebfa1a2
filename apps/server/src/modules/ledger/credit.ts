import type { Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { writeAudit } from '../audit/index.ts';
import { announceLedgerRows } from './announce.ts';
import { lockCard, setBalanceSql } from './holdings.ts';
import { openLotOf } from './lots.ts';

/**
 * The ledger's credit of money paid from outside (add funds; later bonus credits): the card's
 * balance, the ledger row, its lot, the audit row and the webhook event, written by the ledger
 * in the caller's transaction (ADR 0028).
 */

/** Why a checkout's credit could not be applied (the checkout is completed anyway; a refund is manual). */
export type CreditRefusal = 'card not found' | 'card no longer belongs to the customer';

/**
 * Credits money paid from outside to a card (docs/product.md 'Add funds', ADR 0008), in
 * the caller's transaction `tx`: locks the tenant's card `cardId` FOR UPDATE; unless it is gone
 * or no longer held by `customerId`, adds `amountCents` (cents, > 0) to its balance and appends
 * one ledger row (type ADD_FUNDS, category null, cashback 0, before/after balances, the customer,
 * the card's store, `userId` who asked for it, `note`). The card is credited even if it was
 * BLOCKED meanwhile (the money is paid; blocking only stops the POS). Returns null when
 * credited, else why not (nothing written).
 */
export async function creditCard(
  tx: Tx,
  input: { tenantId: string; cardId: string | null; customerId: string | null; amountCents: number; userId: string | null; note: string },
): Promise<CreditRefusal | null> {
  const { tenantId } = input;
  const card = input.cardId ? await lockCard(tx, tenantId, input.cardId) : null;
  if (!card) return 'card not found';
  if (!input.customerId || card.customerId !== input.customerId) return 'card no longer belongs to the customer';
  const before = card.balanceCents;
  const after = before + input.amountCents;
  await tx.execute(setBalanceSql(tenantId, card.id, after));
  const [credit] = await tx
    .insert(transactions)
    .values({
      tenantId,
      cardId: card.id,
      customerId: input.customerId,
      storeId: card.storeId,
      userId: input.userId,
      type: 'ADD_FUNDS',
      category: null,
      amountCents: input.amountCents,
      cashbackCents: 0,
      beforeBalanceCents: before,
      afterBalanceCents: after,
      note: input.note,
    })
    .returning({ id: transactions.id, createdAt: transactions.createdAt });
  await openLotOf(tx, tenantId, credit.id);
  // The event is dated by the row it reports: the caller (a paid checkout's effect) has no clock of its own.
  await announceLedgerRows(tx, tenantId, [credit.id], credit.createdAt);
  await writeAudit(tx, {
    tenantId,
    // A paid checkout's effect, confirmed by the payment provider: its opener is the actor; the
    // confirming request is the provider's, so no key and no client address.
    userId: input.userId,
    apiKeyId: null,
    ip: null,
    action: 'card.add_funds',
    entity: 'transaction',
    entityId: credit.id,
    before: { cardId: card.id, balanceCents: before },
    after: { cardId: card.id, amountCents: input.amountCents, balanceCents: after },
  });
  return null;
}
