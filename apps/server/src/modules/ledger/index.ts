/**
 * The ledger module's public face (ADR 0028): the only file of `modules/ledger/` that other
 * modules and the app import (besides `views.ts`, the read-only counts for modules the ledger
 * itself depends on, which must not import this file or they would close an import cycle). The
 * ledger owns card balances, ledger rows, cashback lots and their summaries, and offers one
 * command per movement, each writing its whole change itself: earn, redeem, refund, void,
 * adjust, credit, expire.
 */
export { balancesByStore, compactCardBalances, outstandingByTenant, type StoreBalance } from './balance-summaries.ts';
export { adjustBalance, ERASURE_WRITE_OFF_NOTE, writeOffBalance } from './adjust.ts';
export { customerLedgerSums, ledgerRowsOfCards, recentLedgerOfCard, recentLedgerOfCustomer, scrubLedgerNotes, type ExportLedgerRow } from './card-history.ts';
export { LIFECYCLE_TEXT, type LifecycleContext, type PosActor, type PosContext, type PosResult } from './context.ts';
export { creditCard, type CreditRefusal } from './credit.ts';
export { earn } from './earn.ts';
export { expireCashback } from './expire.ts';
export { EXPIRY_CRON, EXPIRY_QUEUE, startExpiryJob } from './expiry-job.ts';
export { getTransaction } from './get-transaction.ts';
export { ledgerCondition, ledgerExportQuery, ledgerPage } from './items.ts';
export { ensureRollup, ensureRollups, ledgerTotals } from './ledger-totals.ts';
export { compactLiabilityTotals, compactLotTotals, ledgerDays, ledgerPeriodByTenant, lotFigures, UTC_ZONES, ZERO_SUMS, type PeriodSums } from './liability.ts';
export { listTransactions, listTransactionsAfter } from './list-transactions.ts';
export { expireDueLots, expiringOfCards, rebuildLots, type ExpiringLot, type ExpiryRunResult } from './lots.ts';
export type { MessageLinks } from './receipts.ts';
export { redeem } from './redeem.ts';
export { refundEarn } from './refund.ts';
export { sendExpiryReminders, type ReminderLinks } from './reminders.ts';
export { transactionRoutes } from './routes.ts';
export { voidRedeem } from './void.ts';
