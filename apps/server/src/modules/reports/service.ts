import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { stringify, type Stringifier } from 'csv-stringify';
import {
  CUSTOMER_CSV_COLUMNS,
  TRANSACTION_CSV_COLUMNS,
  type DashboardResponse,
  type TransactionExportQuery,
  type Trend,
} from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { tenantCounters } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { utcMonthStart } from '../../lib/time.ts';
import { activeCardCountsOf, cardsCreatedSql } from '../cards/views.ts';
import { customerExportBatch, customersCreatedSql } from '../customers/service.ts';
import { offersCreatedSql, runningOffersSql } from '../rules/service.ts';
import { storeNameMap } from '../stores/service.ts';
import { ensureRollup, ledgerTotals } from '../transactions/ledger-totals.ts';
import { ledgerCondition, ledgerExportBatch, ledgerPage } from '../transactions/service.ts';

/**
 * Reports (spec §2 'Dashboard', §7 'Exports'): the dashboard's figures and the CSV exports.
 * The module owns `tenant_counters` (views.ts); every other figure comes from its owner: the
 * ledger's totals and pages (transactions), the monthly counts of customers, cards and offers
 * as scalar subqueries their modules build (so the dashboard's counts stay one statement), the
 * export batches of the ledger and of the customers (ADR 0012).
 */

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
  const thisMonth = utcMonthStart(now);
  const nextMonth = utcMonthStart(now, 1);
  const lastMonth = utcMonthStart(now, -1);
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
  const counts = async () => {
    const [row] = rowsOf<Record<string, string | number>>(
      await db.execute(sql`select
        coalesce((select customers from ${tenantCounters} where tenant_id = ${tenantId}), 0) as customers,
        ${customersCreatedSql(tenantId, t1, t2)} as customers_this, ${customersCreatedSql(tenantId, t0, t1)} as customers_last,
        coalesce((select cards from ${tenantCounters} where tenant_id = ${tenantId}), 0) as cards,
        coalesce((select active_cards from ${tenantCounters} where tenant_id = ${tenantId}), 0) as active_cards,
        ${cardsCreatedSql(tenantId, t1, t2)} as cards_this, ${cardsCreatedSql(tenantId, t0, t1)} as cards_last,
        ${runningOffersSql(tenantId, at)} as offers,
        ${offersCreatedSql(tenantId, t1, t2)} as offers_this, ${offersCreatedSql(tenantId, t0, t1)} as offers_last`),
    );
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
  };
  const [[all, cur, prev], c, recentTransactions] = await Promise.all([
    ledger(),
    counts(),
    ledgerPage(db, tenantId, ledgerCondition(tenantId, {}), 5, 0),
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
    const storeNames = await storeNameMap(db, tenantId);
    let cursor: { at: string; id: string } | null = null;
    for (;;) {
      const rows = await ledgerExportBatch(db, tenantId, condition, cursor, EXPORT_BATCH);
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
      const rows = await customerExportBatch(db, tenantId, cursor, EXPORT_BATCH);
      if (rows.length === 0) return;
      const active = await activeCardCountsOf(db, tenantId, rows.map((r) => r.id));
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
