import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { stringify, type Stringifier } from 'csv-stringify';
import {
  CUSTOMER_CSV_COLUMNS,
  TRANSACTION_CSV_COLUMNS,
  type DashboardResponse,
  type TransactionExportQuery,
  type Trend,
} from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { cards, customers, offers, stores, tenantCounters, transactions } from '../../db/schema/index.ts';
import { ledgerCondition, ledgerPage } from '../transactions/service.ts';
import { ensureRollup, ledgerTotals, rowsOf } from './ledger-totals.ts';

/** Start of the UTC calendar month containing `at`, shifted by `monthsAhead` months. */
function monthStart(at: Date, monthsAhead = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + monthsAhead, 1));
}

/**
 * A trend (contract `Trend`): this month's and last month's figures and the change in
 * percent rounded to 1 decimal, null when last month is 0 (nothing to compare with).
 */
export function trendOf(thisMonth: number, lastMonth: number): Trend {
  return { thisMonth, lastMonth, changePct: lastMonth === 0 ? null : Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10 };
}

/**
 * GET /reports/dashboard (spec §2 'Dashboard', §3 'Dashboard stats', §9 'recent 5';
 * decisions.md 'Where the spec shows placeholders': real trends). Returns the six figures
 * (money in cents): customers, cards (all, and ACTIVE), ledger rows, Σ cashback of EARN rows,
 * Σ amount of REDEEM rows, offers active now (isActive, startAt ≤ now < endAt); each figure's
 * trend, this UTC calendar month against the previous one (created customers, cards and
 * offers; recorded ledger rows and sums); and the 5 newest ledger rows. Ledger figures come
 * from the daily rollup and a live tail, customer and card totals from `tenant_counters`
 * (kept by triggers), monthly and offer figures from indexed range counts (ADR 0006).
 */
export async function dashboard(db: Database, tenantId: string, now = new Date()): Promise<DashboardResponse> {
  const thisMonth = monthStart(now);
  const nextMonth = monthStart(now, 1);
  const lastMonth = monthStart(now, -1);
  const [t0, t1, t2] = [lastMonth.toISOString(), thisMonth.toISOString(), nextMonth.toISOString()];
  const at = now.toISOString();
  const ledger = async () => {
    await ensureRollup(db, tenantId, now);
    return Promise.all([
      ledgerTotals(db, tenantId, {}, true),
      ledgerTotals(db, tenantId, { from: t1, to: new Date(nextMonth.getTime() - 1).toISOString() }, true),
      ledgerTotals(db, tenantId, { from: t0, to: new Date(thisMonth.getTime() - 1).toISOString() }, true),
    ]);
  };
  const createdIn = (table: typeof customers | typeof cards | typeof offers, from: string, to: string) =>
    sql`(select count(*) from ${table} where tenant_id = ${tenantId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz)`;
  const counts = async () => {
    const [row] = rowsOf<Record<string, string | number>>(
      await db.execute(sql`select
        coalesce((select customers from ${tenantCounters} where tenant_id = ${tenantId}), 0) as customers,
        ${createdIn(customers, t1, t2)} as customers_this, ${createdIn(customers, t0, t1)} as customers_last,
        coalesce((select cards from ${tenantCounters} where tenant_id = ${tenantId}), 0) as cards,
        coalesce((select active_cards from ${tenantCounters} where tenant_id = ${tenantId}), 0) as active_cards,
        ${createdIn(cards, t1, t2)} as cards_this, ${createdIn(cards, t0, t1)} as cards_last,
        (select count(*) from ${offers} where tenant_id = ${tenantId} and is_active and start_at <= ${at}::timestamptz and end_at > ${at}::timestamptz) as offers,
        ${createdIn(offers, t1, t2)} as offers_this, ${createdIn(offers, t0, t1)} as offers_last`),
    );
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
  };
  const [[all, cur, prev], c, recentTransactions] = await Promise.all([
    ledger(),
    counts(),
    ledgerPage(db, tenantId, eq(transactions.tenantId, tenantId), 5, 0),
  ]);
  return {
    stats: {
      totalCustomers: c.customers,
      totalCards: c.cards,
      activeCards: c.active_cards,
      totalTransactions: all.count,
      totalCashbackIssued: all.cashbackIssued,
      totalCashbackRedeemed: all.cashbackRedeemed,
      activeOffers: c.offers,
    },
    trends: {
      totalCustomers: trendOf(c.customers_this, c.customers_last),
      totalCards: trendOf(c.cards_this, c.cards_last),
      totalTransactions: trendOf(cur.count, prev.count),
      totalCashbackIssued: trendOf(cur.cashbackIssued, prev.cashbackIssued),
      totalCashbackRedeemed: trendOf(cur.cashbackRedeemed, prev.cashbackRedeemed),
      activeOffers: trendOf(c.offers_this, c.offers_last),
    },
    recentTransactions,
  };
}

/** Rows read per database round trip by the exports (keyset batches, ADR 0006). */
export const EXPORT_BATCH = 1000;

/**
 * A text cell made safe for spreadsheets (OWASP 'CSV Injection'): a value starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with a single quote so that it
 * is shown as text, never run as a formula. Null becomes ''.
 */
export function safeCell(value: string | null | undefined): string {
  if (value == null) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Integer cents as dollars with 2 decimals ('-12.05'), exact for any safe integer. */
export function centsToDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A CSV file as a stream: the header row of `columns`, then the records of `batches`, pulled
 * one batch at a time only when csv-stringify has room (Readable.from over an async
 * generator: backpressure all the way to the socket, so memory stays flat however many rows).
 */
function csvStream(columns: readonly string[], batches: AsyncGenerator<unknown[][]>): Stringifier {
  async function* records() {
    for await (const batch of batches) yield* batch;
  }
  const out = stringify({ header: true, columns: [...columns] });
  const source = Readable.from(records(), { objectMode: true, highWaterMark: 64 });
  source.on('error', (err) => out.destroy(err));
  return source.pipe(out);
}

/**
 * GET /reports/export/transactions (spec §7 'Exports'; contract TransactionExportQuery):
 * transactions.csv with TRANSACTION_CSV_COLUMNS, newest first, the list's filters except
 * search and page. Read in keyset batches of EXPORT_BATCH rows over the (tenant_id,
 * created_at desc, id desc) index (the cursor carries created_at as PostgreSQL text, so no
 * microsecond is lost), on PostgreSQL and PGlite alike. Money as dollars with 2 decimals,
 * dates ISO 8601 UTC, text cells made safe (safeCell).
 */
export function exportTransactionsCsv(db: Database, tenantId: string, q: TransactionExportQuery): Stringifier {
  const condition = ledgerCondition(tenantId, q);
  async function* batches() {
    const storeNames = new Map(
      (await db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.tenantId, tenantId))).map((s) => [s.id, s.name]),
    );
    let cursor: { at: string; id: string } | null = null;
    for (;;) {
      const rows: {
        t: typeof transactions.$inferSelect;
        at: string;
        cardUid: string;
        firstName: string | null;
        lastName: string | null;
      }[] = await db
        .select({
          t: transactions,
          at: sql<string>`${transactions.createdAt}::text`,
          cardUid: cards.cardUid,
          firstName: customers.firstName,
          lastName: customers.lastName,
        })
        .from(transactions)
        .innerJoin(cards, and(eq(cards.tenantId, tenantId), eq(cards.id, transactions.cardId)))
        .leftJoin(customers, and(eq(customers.tenantId, tenantId), eq(customers.id, transactions.customerId)))
        .where(
          cursor
            ? and(condition, sql`(${transactions.createdAt}, ${transactions.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`)
            : condition,
        )
        .orderBy(sql`${transactions.createdAt} desc, ${transactions.id} desc`)
        .limit(EXPORT_BATCH);
      if (rows.length === 0) return;
      yield rows.map(({ t, cardUid, firstName, lastName }) => [
        t.createdAt.toISOString(),
        t.id,
        t.type,
        t.category ?? '',
        safeCell(firstName == null ? null : `${firstName} ${lastName}`),
        cardUid,
        safeCell(t.storeId ? (storeNames.get(t.storeId) ?? null) : null),
        centsToDollars(t.amountCents),
        centsToDollars(t.cashbackCents),
        centsToDollars(t.beforeBalanceCents),
        centsToDollars(t.afterBalanceCents),
        safeCell(t.note),
      ]);
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1];
      cursor = { at: last.at, id: last.t.id };
    }
  }
  return csvStream(TRANSACTION_CSV_COLUMNS, batches());
}

/**
 * GET /reports/export/customers (spec §7 'Exports', §3 'Customer'): customers.csv with
 * CUSTOMER_CSV_COLUMNS, oldest first (created_at, id), in keyset batches of EXPORT_BATCH
 * over the (tenant_id, created_at, id) index; each batch's ACTIVE card counts in one grouped
 * query. Total Spend as dollars with 2 decimals, Joined ISO 8601 UTC, text cells made safe.
 */
export function exportCustomersCsv(db: Database, tenantId: string): Stringifier {
  async function* batches() {
    let cursor: { at: string; id: string } | null = null;
    for (;;) {
      const rows: (typeof customers.$inferSelect & { at: string })[] = await db
        .select({
          tenantId: customers.tenantId,
          id: customers.id,
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
          phone: customers.phone,
          tier: customers.tier,
          totalSpendCents: customers.totalSpendCents,
          createdAt: customers.createdAt,
          at: sql<string>`${customers.createdAt}::text`,
        })
        .from(customers)
        .where(
          cursor
            ? and(eq(customers.tenantId, tenantId), sql`(${customers.createdAt}, ${customers.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`)
            : eq(customers.tenantId, tenantId),
        )
        .orderBy(sql`${customers.createdAt}, ${customers.id}`)
        .limit(EXPORT_BATCH);
      if (rows.length === 0) return;
      const ids = rows.map((r) => r.id);
      const active = new Map(
        rowsOf<{ customer_id: string; n: string | number }>(
          await db.execute(sql`select customer_id, count(*) as n from ${cards}
            where tenant_id = ${tenantId} and status = 'ACTIVE'
              and customer_id = any(${`{${ids.join(',')}}`}::uuid[])
            group by customer_id`),
        ).map((r) => [r.customer_id, Number(r.n)]),
      );
      yield rows.map((c) => [
        c.id,
        safeCell(c.firstName),
        safeCell(c.lastName),
        safeCell(c.email),
        safeCell(c.phone),
        c.tier,
        centsToDollars(c.totalSpendCents),
        active.get(c.id) ?? 0,
        c.createdAt.toISOString(),
      ]);
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1];
      cursor = { at: last.at, id: last.id };
    }
  }
  return csvStream(CUSTOMER_CSV_COLUMNS, batches());
}
