import { and, asc, eq } from 'drizzle-orm';
import type { TransactionDetail } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { ledgerRow } from './context.ts';
import { ledgerItemsByIds } from './items.ts';

/**
 * GET /transactions/{id}: the tenant's ledger row `id` as a TransactionItem with
 * `reversals`, the REFUND or VOID rows reversing it, oldest first. Throws 404 'Transaction not
 * found' (also for another tenant's row or a malformed id).
 */
export async function getTransaction(db: DbOrTx, tenantId: string, id: string): Promise<TransactionDetail> {
  const row = await ledgerRow(db, tenantId, id);
  const reversalIds = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.reversesTransactionId, row.id)))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  const [item, ...reversals] = await ledgerItemsByIds(db, tenantId, [row.id, ...reversalIds.map((r) => r.id)]);
  return { ...item, reversals };
}
