/**
 * The ledger module's public face (ADR 0028): the only file of `modules/ledger/` that other
 * modules and the app import (besides `views.ts`, the read-only counts for modules the ledger
 * itself depends on, which must not import this file or they would close an import cycle). The
 * ledger owns card balances, ledger rows, cashback lots and their summaries, and offers one
 * command per movement, each writing its whole change itself: earn, redeem, refund, void,
 * adjust, credit, bonus (the rewards, ADR 0049), expire.
 */
export { balancesByStore, compactCardBalances, outstandingByTenant } from './balance-summaries.ts';
export { writeOffBalance } from './adjust.ts';
export { customerLedgerSums, ledgerRowsOfCards, recentLedgerOfCard, recentLedgerOfCustomer, scrubLedgerNotes } from './card-history.ts';
export { type PosContext } from './context.ts';
export { dayMovements, type DayMovementGroup } from './day-movements.ts';
export { creditBirthdayBonus, creditWelcomeBonus } from './bonus.ts';
export { creditCard } from './credit.ts';
export { earn } from './earn.ts';
export { expireCashback } from './expire.ts';
export { startExpiryJob } from './expiry-job.ts';
export { ledgerCsv, recentLedgerItems } from './items.ts';
export { ensureRollup, ensureRollups, ledgerTotals } from './ledger-totals.ts';
export { compactLotTotals, ledgerDays, ledgerPeriodByTenant, lotFigures, UTC_ZONES, ZERO_SUMS, type PeriodSums } from './liability.ts';
export { listTransactionsAfter } from './list-transactions.ts';
export { expiringOfCards, rebuildLots } from './lots.ts';
export { redeem } from './redeem.ts';
export { refundEarn } from './refund.ts';
export { bonusFiguresByMonth, referralsConvertedByMonth, winBackByMonth } from './reward-figures.ts';
export { openWinBackOffer, winBackCandidates } from './reward-state.ts';
export { transactionRoutes } from './routes.ts';
export { voidRedeem } from './void.ts';
