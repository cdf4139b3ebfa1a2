import { defineMessages } from '@/lib/i18n';

/**
 * The End of day page's texts (ADR 0042), grouped by part: the page and its states, the day and
 * store controls, the totals' figures, the store tables and the day's totals.
 */
export const endOfDayMessages = defineMessages('endOfDay', {
  pageTitle: 'End of day',
  pageSubtitle: "The day's movements at the till for the cash-up, per store and staff member.",
  pageSubtitleZone: "The day's movements at the till for the cash-up, per store and staff member. Times in {{zone}}.",
  back: 'Back to Transactions',
  loadFailed: 'Failed to load the end-of-day report',
  loadFailedFallback: 'Please try again.',
  forbidden: 'You can only see your own store',
  forbiddenShowOwn: 'Show my store',
  emptyTitle: 'No movements on this day.',
  emptyDescription: 'Purchases, redemptions, refunds and every other movement of the day appear here.',
  loading: 'Loading the day’s movements',

  dateLabel: 'Date',
  dateFuture: 'Choose today or an earlier day',
  storeLabel: 'Store',
  storeAll: 'All stores',
  downloadCsv: 'Download CSV',
  downloadPdf: 'Download PDF',

  figurePurchases: 'Purchases',
  figurePurchasesHint: 'cashback issued {{amount}}',
  figureRedemptions: 'Redemptions',
  figureRefunds: 'Refunds',
  figureRefundsHint: 'taken back {{amount}}',
  figureNet: 'Net balance change',
  figureNetHint: 'every movement, expiries included',

  tableCaption: '{{store}}: movements by staff member',
  columnStaff: 'Staff',
  columnPurchases: 'Purchases',
  columnCashback: 'Cashback',
  columnRedemptions: 'Redemptions',
  columnRefunds: 'Refunds',
  columnVoids: 'Voids',
  columnAdjustments: 'Adjustments',
  columnAddFunds: 'Add funds',
  columnBonuses: 'Bonuses',
  columnNet: 'Net',
  storeTotal: 'Store total',

  totalsTitle: 'Day totals',
  totalsPurchases: 'Purchases',
  totalsCashback: 'Cashback issued',
  totalsRedemptions: 'Redemptions',
  totalsRefunds: 'Refunds',
  totalsClawback: 'Cashback taken back by refunds',
  totalsVoids: 'Voided redemptions',
  totalsAdjustments: 'Adjustments',
  totalsAddFunds: 'Add funds',
  totalsBonuses: 'Bonuses',
  totalsExpiries: 'Expired',
  totalsNet: 'Net balance change',
});
