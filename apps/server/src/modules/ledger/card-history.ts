import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TransactionItem } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { scrubTextSql } from '../../lib/sql.ts';
import { ledgerCondition, ledgerItemJoins, ledgerPage } from './items.ts';

/**
 * What the customer's and the card's pages, the customer's data export and the erasure read or
 * change of the ledger (ADR 0026): lifetime sums, recent rows, every row of some cards, and the
 * scrub of an erased customer's details from the notes.
 */

/**
 * The customer page's lifetime figures (cents): Σ cashback of the customer's EARN rows less
 * their refunds' claw-backs, and Σ amount of their REDEEM rows less what voids gave back
 * (ADR 0014).
 */
export async function customerLedgerSums(db: DbOrTx, tenantId: string, customerId: string): Promise<{ earnedCents: number; redeemedCents: number }> {
  const [sums] = await db
    .select({
      earned: sql<string>`coalesce(sum(${transactions.cashbackCents}) filter (where ${transactions.type} = 'EARN'), 0) - coalesce(sum(${transactions.cashbackCents}) filter (where ${transactions.type} = 'REFUND'), 0)`,
      redeemed: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'REDEEM'), 0) - coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'VOID'), 0)`,
    })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.customerId, customerId)));
  return { earnedCents: Number(sums?.earned ?? 0), redeemedCents: Number(sums?.redeemed ?? 0) };
}

/** The customer's `limit` newest ledger rows (created_at desc, id desc) as TransactionItems (the customer page's Recent Transactions). */
export async function recentLedgerOfCustomer(db: DbOrTx, tenantId: string, customerId: string, limit: number): Promise<TransactionItem[]> {
  return ledgerPage(db, tenantId, ledgerCondition(tenantId, { customerId }), limit, 0);
}

/** The card's `limit` newest ledger rows (created_at desc, id desc): id, type, category, amount and cashback in cents, time (the public card page). */
export async function recentLedgerOfCard(db: DbOrTx, tenantId: string, cardId: string, limit: number) {
  return db
    .select({
      id: transactions.id,
      type: transactions.type,
      category: transactions.category,
      reason: transactions.reason,
      amountCents: transactions.amountCents,
      cashbackCents: transactions.cashbackCents,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.cardId, cardId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

/** One ledger row of a customer's data export (ADR 0026): money in cents, the instant as a Date. */
export interface ExportLedgerRow {
  id: string;
  createdAt: Date;
  cardUid: string;
  type: string;
  category: string | null;
  storeName: string | null;
  amountCents: number;
  cashbackCents: number;
  beforeBalanceCents: number;
  afterBalanceCents: number;
  note: string | null;
}

/** Every ledger row of the tenant's cards `cardIds`, oldest first (created_at, id): the export's transactions.csv. */
export async function ledgerRowsOfCards(db: DbOrTx, tenantId: string, cardIds: readonly string[]): Promise<ExportLedgerRow[]> {
  if (!cardIds.length) return [];
  const { cu, sn } = ledgerItemJoins(db);
  const rows = await db
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      cardUid: cu.cardUid,
      type: transactions.type,
      category: transactions.category,
      storeName: sn.name,
      amountCents: transactions.amountCents,
      cashbackCents: transactions.cashbackCents,
      beforeBalanceCents: transactions.beforeBalanceCents,
      afterBalanceCents: transactions.afterBalanceCents,
      note: transactions.note,
    })
    .from(transactions)
    .innerJoin(cu, and(eq(cu.tenantId, tenantId), eq(cu.id, transactions.cardId)))
    .leftJoin(sn, and(eq(sn.tenantId, tenantId), eq(sn.id, transactions.storeId)))
    .where(and(eq(transactions.tenantId, tenantId), inArray(transactions.cardId, [...cardIds])))
    .orderBy(transactions.createdAt, transactions.id);
  return rows.map((r) => ({
    ...r,
    amountCents: Number(r.amountCents),
    cashbackCents: Number(r.cashbackCents),
    beforeBalanceCents: Number(r.beforeBalanceCents),
    afterBalanceCents: Number(r.afterBalanceCents),
  }));
}

/**
 * Removes `values` (an erased customer's e-mail, phone and names; ADR 0026) from the notes of
 * the ledger rows of the tenant's cards `cardIds` in `tx`: each occurrence becomes 'Erased
 * customer'. Amounts, dates, stores and types stay (the accounts need them).
 */
export async function scrubLedgerNotes(tx: Tx, tenantId: string, cardIds: readonly string[], values: readonly string[]): Promise<void> {
  if (!cardIds.length || !values.length) return;
  await tx
    .update(transactions)
    .set({ note: scrubTextSql(sql`${transactions.note}`, values) })
    .where(and(eq(transactions.tenantId, tenantId), inArray(transactions.cardId, [...cardIds]), sql`${transactions.note} is not null`));
}
