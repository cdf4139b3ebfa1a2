import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';

/**
 * Read views of the ledger (the ledger module's `transactions` table; ADR 0028: with index.ts, the only file other modules import) for modules the
 * ledger service depends on (ADR 0012): the stores list's row counts, the customer delete's
 * and the card-order refund's "already in the ledger" checks. Read-only; imports no other
 * module.
 */

/** Ledger rows of the tenant booked to each store (store id → count; stores without rows are absent), all stores or only `storeId`. */
export async function ledgerRowsByStore(db: DbOrTx, tenantId: string, storeId?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ storeId: transactions.storeId, n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), isNotNull(transactions.storeId), storeId ? eq(transactions.storeId, storeId) : undefined))
    .groupBy(transactions.storeId);
  return new Map(rows.map((r) => [r.storeId!, Number(r.n)]));
}

/** True when at least one ledger row names the customer (the ledger is append-only: such a customer cannot be deleted). */
export async function customerHasLedgerRows(db: DbOrTx, tenantId: string, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.customerId, customerId)))
    .limit(1);
  return !!row;
}

/** Number of ledger rows on any of the cards `cardIds` of the tenant (0 for no cards). */
export async function ledgerRowsOnCards(db: DbOrTx, tenantId: string, cardIds: readonly string[]): Promise<number> {
  if (!cardIds.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), inArray(transactions.cardId, [...cardIds])));
  return Number(row?.n ?? 0);
}

/** Number of the tenant's ledger rows created in [start, end) (billing usage's `transactionsUsed`). */
export async function ledgerRowsBetween(db: DbOrTx, tenantId: string, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), gte(transactions.createdAt, start), lt(transactions.createdAt, end)));
  return Number(row?.n ?? 0);
}
