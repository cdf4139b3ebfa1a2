import { defineMessages } from '@/lib/i18n';

/**
 * The texts of the Review page's Sync conflicts (ADR 0042; docs/product.md 'Offline till'): the
 * list and its states, each conflict's parts, what to do per refusal code, and marking one resolved.
 */
export const conflictMessages = defineMessages('review.conflicts', {
  openCount_one: '{{count}} open conflict',
  openCount_other: '{{count}} open conflicts',
  filterOpen: 'Open conflicts',
  filterAll: 'All conflicts',
  loadFailed: 'Failed to load the sync conflicts',
  loading: 'Loading sync conflicts',
  emptyTitle: 'No sync conflicts',
  emptyDescription: 'Movements made offline that the server refuses appear here.',

  tableCaption: 'Sync conflicts',
  columnMovement: 'Movement',
  columnTill: 'Made at the till',
  columnReason: 'Why it was refused',
  columnActions: 'Actions',
  kindEarn: 'Earn',
  kindRedeem: 'Redemption',
  movement: '{{kind}} {{amount}}',
  happened: 'Happened {{when}}',
  arrived: 'Arrived {{when}}',
  whatToDo: 'What to do: {{advice}}',

  adviceCardNotActive:
    'The card was blocked before this synced. If the sale was genuine, credit the customer with an adjustment on another card or unblock the card first.',
  adviceInsufficientBalance:
    'The balance was spent before this synced. The customer got the discount at the till; recover it or write it off with an adjustment.',
  adviceVelocityLimit: 'It crossed a velocity limit. Check the card on the Review list, then adjust the balance if the sale was genuine.',
  adviceBusinessRule: 'It was over your offline caps or offline redemptions were off. Settle it with the customer, then adjust if needed.',
  adviceTooOld: 'It reached us more than 72 hours after it happened. Credit it with an adjustment if the sale was genuine.',
  adviceOther: 'Check the card and settle it with an adjustment if needed.',

  statusOpen: 'Open',
  statusResolved: 'Resolved',
  resolvedBy: 'By {{name}}, {{when}}',
  resolvedAt: '{{when}}',

  resolve: 'Mark resolved',
  resolveLabel: 'Mark the conflict on card {{uid}} resolved',
  resolveTitle: 'Mark this conflict resolved?',
  resolveText: 'Do this after you have settled it.',
  resolveSummary: '{{movement}} on card {{uid}}: {{reason}}',
  resolved: 'Conflict on card {{uid}} marked resolved',
  resolveFailed: 'Failed to mark the conflict resolved. Please try again.',
});
