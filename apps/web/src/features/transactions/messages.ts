import { defineMessages, type Translate } from '@/lib/i18n';

/**
 * The Transactions page's texts (ADR 0042), grouped by part: the page, the filter bar and
 * panel, the table, the empty and failed states. Values are docs/product.md's texts.
 */
export const transactionsMessages = defineMessages('transactions', {
  pageTitle: 'Transactions',
  pageSubtitle: 'View and manage all cashback transactions',
  pageLoadFailed: 'Failed to load transactions',
  pageListLabel: 'Transaction list',
  pageResultsNoun: 'results',
  endOfDay: 'End of day',

  searchLabel: 'Search transactions',
  searchPlaceholder: 'Search name or card UID',
  filtersToggle: 'Filters',
  filtersSet: '{{number}} set',
  filtersClear: 'Clear Filters',
  exportButton: 'Export CSV',
  exportTitle: 'Download the transactions matching the filters (the search box is not applied) as transactions.csv',
  exportFailed: 'The export did not finish. Press Export CSV to try again.',

  filterRegion: 'Filters',
  filterType: 'Type',
  filterAllTypes: 'All types',
  filterCategory: 'Category',
  filterAllCategories: 'All categories',
  filterFrom: 'From date',
  filterTo: 'To date',
  filterRangeInverted: 'The to date is before the from date',
  filterStore: 'Store',
  filterAllStores: 'All stores',

  tableCaption: 'Transactions',
  columnCustomer: 'Customer & Card',
  columnType: 'Type & Category',
  columnBalance: 'Balance Change',
  columnStore: 'Store',
  columnDate: 'Date',
  columnActions: 'Actions',
  balanceTo: 'to',
  noStore: 'No store',

  retry: 'Try again',
  loadFailed: 'Transactions could not be loaded right now.',
  stale: 'The list could not be refreshed; showing the last rows loaded.',
  noMatchTitle: 'No transactions found matching your criteria',
  noMatchDescription: 'Try another name or card UID, a wider date range or fewer filters.',
  emptyTitle: 'No transactions yet',
  emptyDescription: 'Every cashback earned or redeemed at the POS Terminal appears here.',
  emptyOpenPos: 'Open POS Terminal',
});

/** The `t` of the Transactions catalog, for helpers that build columns outside a component. */
export type TransactionsT = Translate<(typeof transactionsMessages)['en']>;
