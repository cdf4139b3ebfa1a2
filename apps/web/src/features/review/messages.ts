import { defineMessages } from '@/lib/i18n';

/**
 * The Review page's texts (ADR 0042; docs/product.md 'Velocity limits'), grouped by part: the
 * page, its two views and its states, the filter, the flags' table, the limits in words, the actions
 * and their confirmation. The Sync conflicts' own texts are in messages-conflicts.ts.
 */
export const reviewMessages = defineMessages('review', {
  pageTitle: 'Review',
  pageSubtitle: 'Movements to look at: those accepted although they crossed a limit set to flag, and those made offline that the server refused.',
  viewsLabel: 'What to review',
  viewFlags: 'Flags',
  viewConflicts: 'Sync conflicts',
  openCount_one: '{{count}} open flag',
  openCount_other: '{{count}} open flags',
  loadFailed: 'Failed to load the Review list',
  loadFailedFallback: 'Please try again.',
  loading: 'Loading flags',
  emptyTitle: 'Nothing to review',
  emptyDescription: 'Movements that cross a limit set to flag appear here.',

  filterLabel: 'Show',
  filterOpen: 'Open flags',
  filterAll: 'All flags',

  tableCaption: 'Flags',
  columnLimit: 'Limit',
  columnCard: 'Card',
  columnStaff: 'Staff and store',
  columnMovements: 'Movements',
  columnStatus: 'Status',
  columnActions: 'Actions',
  day: 'Day {{day}}',
  noHolder: 'No holder',
  noStaff: 'No staff member',
  noStore: 'No store',
  cardLinkLabel: 'Card {{uid}} on the Cards page',
  movementsLabel: 'Movements of the flag on card {{uid}}',
  movementLine: '{{type}} {{amount}} at {{time}}',

  limitCardEarnsPerDay_one: '{{count}} earn per card a day',
  limitCardEarnsPerDay_other: '{{count}} earns per card a day',
  limitCardEarnAmount: 'Purchases up to {{amount}} per earn',
  limitCardRedeemPerDay: '{{amount}} redeemed per card a day',
  limitStaffRedeemPerDay: '{{amount}} redeemed per staff member a day',

  statusOpen: 'Open',
  statusDismissed: 'Dismissed',
  statusCardBlocked: 'Card blocked',
  reviewedBy: 'By {{name}}, {{when}}',
  reviewedAt: '{{when}}',

  dismiss: 'Dismiss',
  dismissLabel: 'Dismiss the flag of card {{uid}}',
  dismissed: 'Flag dismissed',
  dismissFailed: 'Failed to dismiss the flag. Please try again.',
  block: 'Block card',
  blockLabel: 'Block card {{uid}}',
  blockTitle: 'Block card {{uid}}?',
  blockText: 'The card can no longer earn or redeem until it is unblocked on the Cards page.',
  blocked: 'Card {{uid}} blocked',
  blockFailed: 'Failed to block the card. Please try again.',
});
