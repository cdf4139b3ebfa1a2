import { defineMessages } from '@/lib/i18n';

/**
 * The Activity pages' texts (ADR 0042), grouped by part: the business's and the platform's
 * pages, the filters, the list and table, the details dialog, and the words that describe an
 * audit event (action names, past participles, actors, values). Values are docs/product.md's
 * and docs/security.md's texts.
 */
export const activityMessages = defineMessages('activity', {
  pageTitle: 'Activity',
  pageSubtitle: 'Who changed what, and when: money, rules, stores, staff, keys and settings.',
  platformSubtitle: 'Changes in every business and on the platform, newest first.',
  loadFailed: 'Failed to load the activity',
  exportButton: 'Export CSV',
  exportFailed: 'Failed to export the activity. Please try again.',
  tenantFilter: 'Tenant',
  tenantPlaceholder: 'slug, or platform',

  filterActor: 'Actor',
  filterEveryone: 'Everyone',
  filterAction: 'Action',
  filterAllActions: 'All actions',
  filterFrom: 'From',
  filterTo: 'To',

  noMatchTitle: 'No activity matches these filters',
  noMatchDescription: 'Try another person, action or dates.',
  noMatchClear: 'Clear filters',
  emptyTitle: 'No activity yet',
  emptyDescription: 'Changes to money, rules, stores, staff and settings appear here as they happen.',
  loadMore: 'Load more',

  tableCaption: 'Activity',
  tableLoading: 'Loading activity',
  columnWhen: 'When',
  columnTenant: 'Tenant',
  columnAction: 'Action',
  columnBy: 'By',
  columnAddress: 'Address',
  platform: 'Platform',

  detailsObject: 'Object',
  detailsTenant: 'Tenant',
  detailsAddress: 'Address',
  detailsNone: 'No details were recorded for this change.',
  detailsCaption: 'What changed',
  detailsField: 'Field',
  detailsBefore: 'Before',
  detailsAfter: 'After',

  actionTransactionEarn: 'Cashback earned',
  actionTransactionRedeem: 'Cashback redeemed',
  actionTransactionRefund: 'Purchase refunded',
  actionTransactionVoid: 'Transaction voided',
  actionCardAdjust: 'Balance adjusted',
  actionCardAddFunds: 'Funds added',
  actionCardWalletEmail: 'Wallet links e-mailed',
  actionCashbackExpire: 'Cashback expired',
  actionPlatformSignIn: 'Platform admin signed in',
  actionFundsNotCredited: 'Paid funds not credited',
  actionCardOrderNotApplied: 'Paid card order not applied',
  pastCreate: 'created',
  pastUpdate: 'updated',
  pastDelete: 'deleted',
  pastRevoke: 'revoked',
  pastResend: 'resent',
  pastAccept: 'accepted',
  pastBlock: 'blocked',
  pastUnblock: 'unblocked',
  pastCancel: 'canceled',
  pastStatus: 'status changed',
  pastInitialize: 'set up',
  pastActivate: 'activated',
  pastChange: 'changed',
  pastResume: 'resumed',

  valueYes: 'Yes',
  valueNo: 'No',
  actorSystem: 'System',
  actorApiKey: 'API key: {{name}}',
  actorRemovedKey: 'removed key',
  actorRemovedUser: 'Removed user',
});
