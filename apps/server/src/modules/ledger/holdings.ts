import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tier } from '@loyalty/contract';
import type { Tx } from '../../db/client.ts';
import { cards, customers } from '../../db/schema/index.ts';

/**
 * The money the ledger keeps on other modules' rows (ADR 0028): a card's balance
 * (`cards.balance_cents`) and a holder's purchase totals (`customers.total_spend_cents` and the
 * tier they earn). They are summaries of the ledger's own rows, so the ledger alone writes them;
 * they stay on the owner's row because that row's lock is what serialises a movement (one lock,
 * no second row per card or customer). This is the one file of the ledger the lint lets import
 * `cards` and `customers`, and it touches only those columns, the locks, and the ids and the
 * store and holder a movement books to. Creating, assigning, blocking a card or a customer stays
 * with the cards and customers modules.
 */

/** The card fields a balance movement needs: id, balance (cents), holder and store. */
export interface LockedCard {
  id: string;
  balanceCents: number;
  customerId: string | null;
  storeId: string | null;
}

const lockedColumns = { id: cards.id, balanceCents: cards.balanceCents, customerId: cards.customerId, storeId: cards.storeId };

/** Locks the tenant's card whose UID is `cardUid` (normalised; any status) `FOR UPDATE` in `tx` and returns it, or null (an owner's adjustment). */
export async function lockCardByUid(tx: Tx, tenantId: string, cardUid: string): Promise<LockedCard | null> {
  const [card] = await tx
    .select(lockedColumns)
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
    .for('update');
  return card ?? null;
}

/** Locks the tenant's card `cardId` (any status) `FOR UPDATE` in `tx` and returns it, or null (a credit, a reversal). */
export async function lockCard(tx: Tx, tenantId: string, cardId: string): Promise<LockedCard | null> {
  const [card] = await tx
    .select(lockedColumns)
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)))
    .for('update');
  return card ?? null;
}

/**
 * Locks the holder `customerId` `FOR UPDATE` in `tx` and returns their tier and total spend
 * (cents), after the card's lock (lock order card → customer, as in card activation; the
 * re-tier of ADR 0007 locks all the tenant's customers and then waits for the movement). Null
 * when there is no such customer.
 */
export async function lockHolder(tx: Tx, tenantId: string, customerId: string): Promise<{ tier: Tier; totalSpendCents: number } | null> {
  const [customer] = await tx
    .select({ tier: customers.tier, totalSpendCents: customers.totalSpendCents })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .for('update');
  return customer ?? null;
}

/** The UPDATE setting the locked card `cardId`'s balance to `balanceCents` (≥ 0: a CHECK refuses less), for a ledger statement. */
export function setBalanceSql(tenantId: string, cardId: string, balanceCents: number): SQL {
  return sql`update ${cards} set balance_cents = ${balanceCents} where tenant_id = ${tenantId} and id = ${cardId}`;
}

/**
 * The UPDATE recording a purchase (or its refund) on the locked holder: total spend set to
 * `totalSpendCents` (cents) and the tier to `tier` (domain evaluateTier of that spend; it
 * applies from the next purchase, ADR 0003).
 */
export function recordPurchaseSql(tenantId: string, customerId: string, totalSpendCents: number, tier: Tier): SQL {
  return sql`update ${customers} set total_spend_cents = ${totalSpendCents}, tier = ${tier} where tenant_id = ${tenantId} and id = ${customerId}`;
}

/**
 * Locks, `FOR UPDATE SKIP LOCKED`, the cards named by `pairs` (a subquery of `(tenant_id,
 * card_id)`), returning `tenant_id, id` of those locked: the expiry job's batch (ADR 0015). A
 * card another transaction holds (a POS movement, another job instance) is skipped.
 */
export function lockCardsSkipLockedSql(pairs: SQL): SQL {
  return sql`select tenant_id, id from ${cards} where (tenant_id, id) in (${pairs}) order by tenant_id, id for update skip locked`;
}

/**
 * The UPDATE taking `cents` off each card of `source` (a relation with `tenant_id, card_id,
 * cents`; the cards locked), RETURNING `tenant_id, id, customer_id, store_id, balance_cents`
 * (after). The CHECK keeps balances ≥ 0.
 */
export function debitCardsSql(source: SQL): SQL {
  return sql`update ${cards} c set balance_cents = c.balance_cents - d.cents from ${source} d
    where c.tenant_id = d.tenant_id and c.id = d.card_id
    returning c.tenant_id, c.id, c.customer_id, c.store_id, c.balance_cents`;
}

/** Every card's `(tenant_id, id, balance_cents)` (cents) as a subquery: the lot rebuild's balances. */
export function cardBalancesSql(): SQL {
  return sql`(select tenant_id, id, balance_cents from ${cards})`;
}
