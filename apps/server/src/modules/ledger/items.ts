import type { Readable } from 'node:stream';
import { and, desc, eq, ilike, like, sql, type SQL } from 'drizzle-orm';
import { TRANSACTION_CSV_COLUMNS, type TransactionExportQuery, type TransactionItem, type TransactionListQuery } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { DatabaseHandle, DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { dollarsSql, isoUtcSql, safeCellSql } from '../../lib/csv-cells.ts';
import { containsPattern } from '../../lib/sql.ts';
import { cardUids } from '../cards/index.ts';
import { customerSummaries } from '../customers/index.ts';
import { storeNames } from '../stores/index.ts';
import { lowerBound, upperBound } from './ledger-totals.ts';

/**
 * Ledger rows as the lists, the exports and the webhook events show them (TransactionItem):
 * the list's condition, the search, the page and the joins of the card's UID, the holder's
 * names and the store's name through their owners' projections (ADR 0012).
 */

/**
 * The WHERE condition of a ledger list or export without its search (docs/product.md 'Reports'), on
 * `transactions` columns only, so that it is answered from the (tenant_id, created_at desc,
 * id desc, type, category, store_id) index alone: type, category, store, from/to (a date is a
 * whole UTC day, inclusive; a date-time an inclusive instant), customerId and cardId.
 */
export function ledgerCondition(tenantId: string, q: Omit<TransactionListQuery, 'page' | 'limit' | 'search'>): SQL {
  const where: SQL[] = [eq(transactions.tenantId, tenantId)];
  if (q.type) where.push(eq(transactions.type, q.type));
  if (q.category) where.push(eq(transactions.category, q.category));
  if (q.from) where.push(sql`${transactions.createdAt} >= ${lowerBound(q.from)}`);
  if (q.to) where.push(sql`${transactions.createdAt} < ${upperBound(q.to)}`);
  if (q.storeFilter) where.push(eq(transactions.storeId, q.storeFilter));
  if (q.customerId) where.push(eq(transactions.customerId, q.customerId));
  if (q.cardId) where.push(eq(transactions.cardId, q.cardId));
  return and(...where)!;
}

/**
 * The (id, created_at) of the ledger rows matching `condition` and `search`, as SQL for a
 * FROM clause. A row matches when its customer's full name contains the text
 * (case-insensitive) or its card's UID contains the text normalised like a typed UID
 * (docs/product.md 'Cards'). The matching customers and cards are found first, in the
 * read models the customers and cards modules publish (`customerSummaries`' fullName,
 * `cardUids`; ADR 0036; trigram indexes on PostgreSQL), then each arm reads the ledger's (tenant, customer | card, created_at, id)
 * index; UNION drops a row found by both arms (ADR 0006).
 */
export function searchMatches(db: DbOrTx, tenantId: string, condition: SQL, search: string): SQL {
  const cs = customerSummaries(db);
  const named = db
    .select({ id: cs.id })
    .from(cs)
    .where(and(eq(cs.tenantId, tenantId), ilike(cs.fullName, containsPattern(search))));
  const byName = sql`select ${transactions.id} as id, ${transactions.createdAt} as at from ${transactions}
    where ${condition} and ${transactions.customerId} = any(array(${named}))`;
  const uid = normalizeCardUid(search);
  if (!uid) return sql`(${byName})`;
  const cu = cardUids(db);
  const numbered = db
    .select({ id: cu.id })
    .from(cu)
    .where(and(eq(cu.tenantId, tenantId), like(cu.cardUid, containsPattern(uid))));
  return sql`(${byName} union select ${transactions.id}, ${transactions.createdAt} from ${transactions}
    where ${condition} and ${transactions.cardId} = any(array(${numbered})))`;
}

/**
 * What a TransactionItem shows of other modules, as their owners' projections to join within
 * the tenant (ADR 0012): the card's UID (`cu`, cards), the customer's names (`cs`, customers)
 * and the store's name (`sn`, stores), with the select `columns` of a joined ledger row.
 */
export function ledgerItemJoins(db: DbOrTx) {
  const cu = cardUids(db);
  const cs = customerSummaries(db);
  const sn = storeNames(db);
  const columns = { t: transactions, cardUid: cu.cardUid, firstName: cs.firstName, lastName: cs.lastName, storeName: sn.name, reversed: reversedAmountSql() };
  return { cu, cs, sn, columns };
}

/**
 * What of a ledger row has been reversed (cents), as a select column: for an EARN the purchase
 * amount its REFUND rows returned, for a REDEEM the amount its VOID gave back, else 0 (issue
 * 14). Read through the (tenant_id, reverses_transaction_id) index, only for those two types.
 */
function reversedAmountSql() {
  return sql<string>`case when ${transactions.type} in ('EARN', 'REDEEM') then (select coalesce(sum(r.amount_cents), 0) from ${transactions} r
    where r.tenant_id = ${transactions.tenantId} and r.reverses_transaction_id = ${transactions.id}) else 0 end`;
}

/** Ledger rows by id, in the order of `ids`, as TransactionItems (see ledgerPage). */
export async function ledgerItemsByIds(db: DbOrTx, tenantId: string, ids: string[]): Promise<TransactionItem[]> {
  if (ids.length === 0) return [];
  const { cu, cs, sn, columns } = ledgerItemJoins(db);
  const rows = await db
    .select(columns)
    .from(transactions)
    .innerJoin(cu, and(eq(cu.tenantId, tenantId), eq(cu.id, transactions.cardId)))
    .leftJoin(cs, and(eq(cs.tenantId, tenantId), eq(cs.id, transactions.customerId)))
    .leftJoin(sn, and(eq(sn.tenantId, tenantId), eq(sn.id, transactions.storeId)))
    .where(and(eq(transactions.tenantId, tenantId), sql`${transactions.id} = any(${`{${ids.join(',')}}`}::uuid[])`));
  const byId = new Map(rows.map((r) => [r.t.id, toItem(r)]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** One joined ledger row → TransactionItem (cents, ISO-8601). */
function toItem({
  t,
  cardUid,
  firstName,
  lastName,
  storeName,
  reversed,
}: {
  t: typeof transactions.$inferSelect;
  cardUid: string;
  firstName: string | null;
  lastName: string | null;
  storeName: string | null;
  reversed: string | number;
}): TransactionItem {
  return {
    id: t.id,
    customerId: t.customerId,
    customerName: firstName ? `${firstName} ${lastName}` : null,
    cardUid,
    type: t.type,
    category: t.category ?? null,
    amountCents: t.amountCents,
    cashbackCents: t.cashbackCents,
    beforeBalanceCents: t.beforeBalanceCents,
    afterBalanceCents: t.afterBalanceCents,
    storeId: t.storeId,
    storeName,
    note: t.note,
    reversesTransactionId: t.reversesTransactionId,
    reversedAmountCents: Number(reversed),
    unrecoveredCents: t.unrecoveredCents,
    reason: t.reason ?? null,
    createdAt: t.createdAt.toISOString(),
    receivedAt: t.receivedAt?.toISOString() ?? null,
  };
}

/**
 * One page of ledger rows matching `condition`, newest first (created_at desc, id desc), as
 * TransactionItems with customer name, card UID and store name. The page's ids are picked
 * first from the index alone (offset over index entries, not over joined rows), then only
 * those rows are read and joined.
 */
export async function ledgerPage(db: DbOrTx, tenantId: string, condition: SQL, limit: number, offset: number): Promise<TransactionItem[]> {
  const page = db
    .select({ id: transactions.id, at: transactions.createdAt })
    .from(transactions)
    .where(condition)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const { cu, cs, sn, columns } = ledgerItemJoins(db);
  const rows = await db
    .select(columns)
    .from(page)
    .innerJoin(transactions, and(eq(transactions.tenantId, tenantId), eq(transactions.id, page.id)))
    .innerJoin(cu, and(eq(cu.tenantId, tenantId), eq(cu.id, transactions.cardId)))
    .leftJoin(cs, and(eq(cs.tenantId, tenantId), eq(cs.id, transactions.customerId)))
    .leftJoin(sn, and(eq(sn.tenantId, tenantId), eq(sn.id, transactions.storeId)))
    .orderBy(desc(page.at), desc(page.id));
  return rows.map(toItem);
}

/**
 * The transactions export as one query for COPY (docs/product.md 'Reports', ADR
 * 0017): the ledger rows matching `condition` (ledgerCondition), newest first (created_at desc,
 * id desc: the (tenant_id, created_at desc, id desc) index, so PostgreSQL streams without a
 * sort), one text column per contract TRANSACTION_CSV_COLUMNS, named after it and formatted
 * as the file shows it: dates ISO 8601 UTC, money as dollars with 2 decimals, text cells made
 * safe (lib/csv-cells.ts), an empty cell for none. Card UID, customer names and store name
 * are joined through their owners' projections within the tenant (ADR 0012).
 */
function ledgerExportQuery(db: DbOrTx, tenantId: string, condition: SQL) {
  const { cu, cs, sn } = ledgerItemJoins(db);
  const [date, id, type, category, customer, cardUid, store, amount, cashback, before, after, note, reason] = TRANSACTION_CSV_COLUMNS;
  return db
    .select({
      date: isoUtcSql(transactions.createdAt).as(date),
      id: sql`${transactions.id}`.as(id),
      type: sql`${transactions.type}`.as(type),
      category: sql`${transactions.category}`.as(category),
      customer: safeCellSql(sql`${cs.firstName} || ' ' || ${cs.lastName}`).as(customer),
      cardUid: sql`${cu.cardUid}`.as(cardUid),
      store: safeCellSql(sn.name).as(store),
      amount: dollarsSql(transactions.amountCents).as(amount),
      cashback: dollarsSql(transactions.cashbackCents).as(cashback),
      before: dollarsSql(transactions.beforeBalanceCents).as(before),
      after: dollarsSql(transactions.afterBalanceCents).as(after),
      note: safeCellSql(transactions.note).as(note),
      reason: sql`${transactions.reason}`.as(reason),
    })
    .from(transactions)
    .innerJoin(cu, and(eq(cu.tenantId, tenantId), eq(cu.id, transactions.cardId)))
    .leftJoin(cs, and(eq(cs.tenantId, tenantId), eq(cs.id, transactions.customerId)))
    .leftJoin(sn, and(eq(sn.tenantId, tenantId), eq(sn.id, transactions.storeId)))
    .where(condition)
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/**
 * GET /reports/export/transactions's file (docs/product.md 'Reports'; contract
 * TransactionExportQuery): the tenant's ledger rows matching the list's filters except search
 * and page (`ledgerCondition`), as transactions.csv written by PostgreSQL's COPY (`copyCsv`,
 * DatabaseHandle; ADR 0017) from `ledgerExportQuery`. The ledger runs its own query and hands
 * the reports module the stream (ADR 0036). A stream: errors arrive as 'error'.
 */
export function ledgerCsv(copyCsv: DatabaseHandle['copyCsv'], db: DbOrTx, tenantId: string, q: TransactionExportQuery): Readable {
  return copyCsv(ledgerExportQuery(db, tenantId, ledgerCondition(tenantId, q)));
}

/** The tenant's `limit` newest ledger rows as TransactionItems (the dashboard's recent transactions; see ledgerPage). */
export function recentLedgerItems(db: DbOrTx, tenantId: string, limit: number): Promise<TransactionItem[]> {
  return ledgerPage(db, tenantId, ledgerCondition(tenantId, {}), limit, 0);
}
