import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TransactionItem, TransactionListQuery, TransactionListResponse } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { ensureRollup, ledgerTotals } from './ledger-totals.ts';
import { ledgerCondition, ledgerItemsByIds, ledgerPage, searchMatches } from './items.ts';

/**
 * GET /transactions (pages of 50, the first is page 1): the tenant's ledger,
 * newest first (created_at desc, id desc), filtered per `ledgerCondition` and, with
 * `search`, per `searchMatches` (customer name or card UID); page from 1,
 * `limit` rows. Returns `{ transactions, total, pages }`, money in cents. `total` comes from
 * the daily rollup plus a live tail (ADR 0006) unless the query has search, customerId or cardId,
 * whose matches are counted directly through their indexes. A page past the end is empty
 * with the true total. `now` is the instant the rollup is brought up to. Errors: none of its
 * own (400 for a bad query comes from the schema).
 */
export async function listTransactions(db: Database, tenantId: string, q: TransactionListQuery, now: Date): Promise<TransactionListResponse> {
  const condition = ledgerCondition(tenantId, q);
  const offset = (q.page - 1) * q.limit;
  if (q.search) {
    const matches = searchMatches(db, tenantId, condition, q.search);
    // One pass over the matches gives the page and (window count) the total; only a page
    // past the end needs a second count.
    const page = rowsOf<{ id: string; n: string | number }>(
      await db.execute(sql`select m.id, count(*) over () as n from ${matches} m order by m.at desc, m.id desc limit ${q.limit} offset ${offset}`),
    );
    const total = page.length ? Number(page[0].n) : Number(rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from ${matches} m`))[0].n);
    const items = await ledgerItemsByIds(
      db,
      tenantId,
      page.map((r) => r.id),
    );
    return { transactions: items, total, pages: Math.ceil(total / q.limit) };
  }
  const countTotal = async (): Promise<number> => {
    if (q.customerId || q.cardId) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(condition);
      return row?.n ?? 0;
    }
    await ensureRollup(db, tenantId, now);
    const totals = await ledgerTotals(db, tenantId, { type: q.type, category: q.category, storeId: q.storeFilter, from: q.from, to: q.to });
    return totals.count;
  };
  const [items, total] = await Promise.all([ledgerPage(db, tenantId, condition, q.limit, offset), countTotal()]);
  return { transactions: items, total, pages: Math.ceil(total / q.limit) };
}

/**
 * GET /api/v1/transactions (cursor pagination, ADR 0020): up to `limit` ledger rows of the
 * tenant, newest first, optionally of one `type` or one customer, after the row
 * `startingAfter` (the last id of the previous page) when given; `hasMore` tells whether
 * another page follows. Reads the same (tenant, created_at, id) index as the list. Throws 400
 * 'starting_after is not a transaction of this business' (details `querystring.starting_after`)
 * for an unknown or another tenant's id.
 */
export async function listTransactionsAfter(
  db: DbOrTx,
  tenantId: string,
  q: { limit: number; startingAfter?: string; type?: TransactionListQuery['type']; customerId?: string },
): Promise<{ transactions: TransactionItem[]; hasMore: boolean }> {
  const where: SQL[] = [ledgerCondition(tenantId, { type: q.type, customerId: q.customerId })];
  if (q.startingAfter) {
    const [cursor] = await db
      .select({ createdAt: transactions.createdAt, id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, q.startingAfter)));
    if (!cursor) throw badRequest('starting_after is not a transaction of this business', [{ field: 'querystring.starting_after', message: 'Unknown id' }]);
    where.push(sql`(${transactions.createdAt}, ${transactions.id}) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await ledgerPage(db, tenantId, and(...where)!, q.limit + 1, 0);
  return { transactions: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}
