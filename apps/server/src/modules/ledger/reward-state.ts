import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cards, customers } from '../../db/schema/index.ts';
import type { LockedCard } from './holdings.ts';

/**
 * The reward state the ledger settles on other modules' rows (docs/product.md 'Rewards', ADR
 * 0049): a referred customer's referral (settled by their first qualifying purchase) and their
 * open win-back offer (cleared by the purchase that earns it), and the referrer's card a
 * referral bonus goes to. Like holdings.ts, one of the two files of the ledger the lint lets
 * import `cards` and `customers`; it touches only those columns. Who referred whom and which
 * offer was sent is written by the customers and rewards modules.
 */

/** A holder's reward state at a purchase, read under the holder's lock. */
export interface HolderRewardState {
  referredByCustomerId: string | null;
  referralSettledAt: Date | null;
  winBackOfferId: string | null;
  winBackCents: number | null;
  winBackUntil: Date | null;
}

/** The reward state of holder `customerId` (locked by the caller's earn), or null when the customer is gone. */
export async function holderRewardState(tx: Tx, tenantId: string, customerId: string): Promise<HolderRewardState | null> {
  const [row] = await tx
    .select({
      referredByCustomerId: customers.referredByCustomerId,
      referralSettledAt: customers.referralSettledAt,
      winBackOfferId: customers.winBackOfferId,
      winBackCents: customers.winBackCents,
      winBackUntil: customers.winBackUntil,
    })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  return row ?? null;
}

/** Marks holder `customerId`'s referral settled at `at`: no later purchase is a first purchase. */
export async function settleReferral(tx: Tx, tenantId: string, customerId: string, at: Date): Promise<void> {
  await tx
    .update(customers)
    .set({ referralSettledAt: at })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
}

/** Clears holder `customerId`'s open win-back offer (its bonus was earned). */
export async function clearWinBack(tx: Tx, tenantId: string, customerId: string): Promise<void> {
  await tx
    .update(customers)
    .set({ winBackOfferId: null, winBackCents: null, winBackUntil: null })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
}

/**
 * Locks, FOR UPDATE, the card a reward of customer `customerId` is credited to: their newest
 * ACTIVE card (a blocked card gets nothing). Null when they have none. Taken after the
 * purchase's own card and holder: a referrer joined before their friend, so referral chains
 * cannot close a cycle of locks.
 */
export async function lockRewardCard(tx: Tx, tenantId: string, customerId: string): Promise<LockedCard | null> {
  const [card] = await tx
    .select({ id: cards.id, balanceCents: cards.balanceCents, customerId: cards.customerId, storeId: cards.storeId })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId), eq(cards.status, 'ACTIVE')))
    .orderBy(desc(cards.activatedAt), desc(cards.id))
    .limit(1)
    .for('update');
  return card ?? null;
}
