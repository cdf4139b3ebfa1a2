import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { type DashboardResponse, type TransactionExportQuery, type Trend } from '@loyalty/contract';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { tenantCounters } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { utcMonthStart } from '../../lib/time.ts';
import { countCardsCreated } from '../cards/index.ts';
import { countCustomersCreated, customersCsv } from '../customers/index.ts';
import { countOffers } from '../rules/index.ts';
import { ensureRollup, ledgerCsv, ledgerTotals, recentLedgerItems } from '../ledger/index.ts';

/**
 * Reports (docs/product.md 'Reports'): the dashboard's figures and the CSV exports.
 * The module owns `tenant_counters` (views.ts); every other figure comes from its owner: the
 * ledger's totals and pages (transactions), the monthly counts of customers, cards and offers
 * as numbers their modules answer (asked in parallel), and the CSV streams the ledger and the
 * customers modules write from their own queries (ADR 0012, ADR 0036).
 */

/**
 * A trend (contract `Trend`): this month's and last month's figures and the change in
 * percent rounded to 1 decimal, null when last month is 0 (nothing to compare with).
 */
export function trendOf(thisMonth: number, lastMonth: number): Trend {
  return { thisMonth, lastMonth, changePct: lastMonth === 0 ? null : Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10 };
}

/**
 * GET /reports/dashboard (docs/product.md 'Reports': the 5 newest
 * transactions, real trends). Returns the six figures
 * (money in cents): customers, cards (all, and ACTIVE), ledger rows, Σ cashback of EARN rows,
 * Σ amount of REDEEM rows, offers running now (rules `countOffers`: switched on and
 * startAt ≤ now ≤ endAt, the till's window, ADR 0030); each figure's
 * trend, this UTC calendar month against the previous one (created customers, cards and
 * offers; recorded ledger rows and sums); and the 5 newest ledger rows. Ledger figures come
 * from the daily rollup and a live tail, customer and card totals from `tenant_counters`
 * (kept by triggers), monthly and offer figures from indexed range counts that the customers,
 * cards and rules modules answer as numbers (ADR 0006, ADR 0036). The statements run in
 * parallel (each on its own pool connection under PostgreSQL).
 */
export async function dashboard(db: Database, tenantId: string, now: Date): Promise<DashboardResponse> {
  const thisMonth = utcMonthStart(now);
  const nextMonth = utcMonthStart(now, 1);
  const lastMonth = utcMonthStart(now, -1);
  const [t0, t1] = [lastMonth.toISOString(), thisMonth.toISOString()];
  const ledger = async () => {
    await ensureRollup(db, tenantId, now);
    return Promise.all([
      ledgerTotals(db, tenantId, {}, true),
      ledgerTotals(db, tenantId, { from: t1, to: new Date(nextMonth.getTime() - 1).toISOString() }, true),
      ledgerTotals(db, tenantId, { from: t0, to: new Date(thisMonth.getTime() - 1).toISOString() }, true),
    ]);
  };
  const months = [
    [thisMonth, nextMonth],
    [lastMonth, thisMonth],
  ] as const;
  const totals = async () => {
    const [row] = rowsOf<Record<string, string | number>>(
      await db.execute(sql`select
        coalesce((select customers from ${tenantCounters} where tenant_id = ${tenantId}), 0) as customers,
        coalesce((select cards from ${tenantCounters} where tenant_id = ${tenantId}), 0) as cards,
        coalesce((select active_cards from ${tenantCounters} where tenant_id = ${tenantId}), 0) as active_cards`),
    );
    return { customers: Number(row.customers), cards: Number(row.cards), activeCards: Number(row.active_cards) };
  };
  const [[all, cur, prev], c, [customersThis, customersLast], [cardsThis, cardsLast], offerFigures, recentTransactions] = await Promise.all([
    ledger(),
    totals(),
    countCustomersCreated(db, tenantId, months),
    countCardsCreated(db, tenantId, months),
    countOffers(db, tenantId, now, months),
    recentLedgerItems(db, tenantId, 5),
  ]);
  const [offersThis, offersLast] = offerFigures.created;
  return {
    stats: {
      totalCustomers: c.customers,
      totalCards: c.cards,
      activeCards: c.activeCards,
      totalTransactions: all.count,
      totalCashbackIssued: all.cashbackIssued,
      totalCashbackRedeemed: all.cashbackRedeemed,
      activeOffers: offerFigures.running,
    },
    trends: {
      totalCustomers: trendOf(customersThis, customersLast),
      totalCards: trendOf(cardsThis, cardsLast),
      totalTransactions: trendOf(cur.count, prev.count),
      totalCashbackIssued: trendOf(cur.cashbackIssued, prev.cashbackIssued),
      totalCashbackRedeemed: trendOf(cur.cashbackRedeemed, prev.cashbackRedeemed),
      activeOffers: trendOf(offersThis, offersLast),
    },
    recentTransactions,
  };
}

/**
 * GET /reports/export/transactions (docs/product.md 'Reports'; contract TransactionExportQuery):
 * transactions.csv with TRANSACTION_CSV_COLUMNS, newest first, the list's filters except
 * search and page, written by PostgreSQL's COPY (`copyCsv`, DatabaseHandle; ADR
 * 0017) from the ledger module's own export query (`ledgerCsv`, ADR 0036): dates ISO 8601 UTC, money as dollars
 * with 2 decimals, text cells made safe (lib/csv-cells.ts). A stream: errors arrive as 'error'.
 */
export function exportTransactionsCsv(copyCsv: CopyCsv, db: Database, tenantId: string, q: TransactionExportQuery): Readable {
  return ledgerCsv(copyCsv, db, tenantId, q);
}

/**
 * GET /reports/export/customers (docs/product.md 'Reports'): customers.csv with
 * CUSTOMER_CSV_COLUMNS, oldest first, written by PostgreSQL's COPY from the customers
 * module's own export query (`customersCsv`, ADR 0036) (Total Spend as dollars with 2 decimals, Active Cards, Joined ISO
 * 8601 UTC, text cells made safe). A stream: errors arrive as 'error'.
 */
export function exportCustomersCsv(copyCsv: CopyCsv, db: Database, tenantId: string): Readable {
  return customersCsv(copyCsv, db, tenantId);
}

/** DatabaseHandle['copyCsv']: a query's rows as a CSV stream written by the database. */
export type CopyCsv = DatabaseHandle['copyCsv'];
