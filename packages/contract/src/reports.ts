import { z } from 'zod';
import { Category, TransactionType } from './enums.ts';
import { TransactionItem } from './pos.ts';

/**
 * Reports: the dashboard and the CSV exports (docs/product.md 'Reports'; trends are computed from
 * real data, this month against the last).
 */

/**
 * A figure's trend: this calendar month (UTC) against the previous one, as the percentage
 * change rounded to 1 decimal; null when last month had nothing to compare with.
 * For counts of things that exist (customers, cards, offers) the months compare what was
 * created in each; for ledger figures, what was recorded in each.
 */
export const Trend = z.object({
  thisMonth: z.number().int(),
  lastMonth: z.number().int(),
  changePct: z.number().nullable(),
});
export type Trend = z.infer<typeof Trend>;

/** GET /api/t/{slug}/reports/dashboard (money in cents). */
export const DashboardResponse = z.object({
  stats: z.object({
    totalCustomers: z.number().int(),
    /** All cards of the tenant (the spec's 'Active Cards' tile shows the total card count). */
    totalCards: z.number().int(),
    activeCards: z.number().int(),
    totalTransactions: z.number().int(),
    /** Σ cashback of EARN rows, integer cents (a name kept from the first API; money fields added since end in Cents). */
    totalCashbackIssued: z.number().int(),
    /** Σ amount of REDEEM rows, integer cents (a name kept from the first API; money fields added since end in Cents). */
    totalCashbackRedeemed: z.number().int(),
    /** Offers running now: isActive and startAt ≤ now ≤ endAt, both ends included (domain isOfferRunning). */
    activeOffers: z.number().int(),
  }),
  trends: z.object({
    totalCustomers: Trend,
    totalCards: Trend,
    totalTransactions: Trend,
    totalCashbackIssued: Trend,
    totalCashbackRedeemed: Trend,
    activeOffers: Trend,
  }),
  /** The 5 newest ledger rows. */
  recentTransactions: z.array(TransactionItem),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

/**
 * GET /api/t/{slug}/reports/export/transactions query: the transaction list's filters except
 * search and page. The answer is text/csv `transactions.csv`, newest first.
 */
export const TransactionExportQuery = z.object({
  type: TransactionType.optional(),
  category: Category.optional(),
  from: z.string().date('from must be a date (YYYY-MM-DD)').optional(),
  to: z.string().date('to must be a date (YYYY-MM-DD)').optional(),
  storeFilter: z.string().uuid().optional(),
});
export type TransactionExportQuery = z.infer<typeof TransactionExportQuery>;

/** Column headers of transactions.csv, in order (money as dollars with 2 decimals, dates ISO 8601 UTC; Reason: a BONUS row's reason). */
export const TRANSACTION_CSV_COLUMNS = [
  'Date',
  'Transaction ID',
  'Type',
  'Category',
  'Customer',
  'Card UID',
  'Store',
  'Amount',
  'Cashback',
  'Balance Before',
  'Balance After',
  'Note',
  'Reason',
] as const;

/** Column headers of customers.csv, in order. */
export const CUSTOMER_CSV_COLUMNS = ['Customer ID', 'First Name', 'Last Name', 'Email', 'Phone', 'Tier', 'Total Spend', 'Active Cards', 'Joined'] as const;
