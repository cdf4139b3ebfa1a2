import { defineMessages } from '@/lib/i18n';

/**
 * The Liability page's texts (ADR 0042), grouped by part: the page, the period controls, the
 * figures, the chart, the age and store tables and the period's movements. Values are
 * docs/product.md's texts.
 */
export const liabilityMessages = defineMessages('liability', {
  pageTitle: 'Liability',
  pageSubtitle: 'Cashback owed to card holders.',
  pageSubtitleZone: 'Cashback owed to card holders. Days in {{zone}}.',
  loadFailed: 'Failed to load the liability report',
  loadFailedFallback: 'Please try again.',
  emptyTitle: 'No cashback owed yet',
  emptyDescription: 'Figures appear here once cards earn cashback.',

  rangeFrom: 'From',
  rangeTo: 'To',
  rangeDownload: 'Download CSV',

  figureOutstanding: 'Outstanding',
  figureOutstandingHint: 'Owed to card holders now',
  figureCards: 'Cards with balance',
  figureExpiring: 'Expiring in 30 days',
  figureBreakage: 'Breakage rate',
  figureBreakageHint: 'Expired against credited in the period',

  chartTitle: 'Outstanding over time',
  chartSeries: 'Outstanding',
  chartLabel: 'Outstanding over time chart, {{amount}} at the end of the period',

  shareHeading: 'Share',
  amountHeading: 'Amount',
  ageTitle: 'By age',
  ageCaption: 'Outstanding cashback by age',
  ageHeading: 'Age',
  age0to30: '0–30 days',
  age31to90: '31–90 days',
  age91to180: '91–180 days',
  age181to365: '181–365 days',
  ageOverYear: 'Over a year',
  storeTitle: 'By store',
  storeCaption: 'Outstanding cashback by store',
  storeHeading: 'Store',
  storeEmpty: 'No card holds a balance.',

  periodTitle: 'In this period',
  periodEarned: 'Earned',
  periodAddedFunds: 'Added funds',
  periodBonuses: 'Bonuses (rewards)',
  periodRedeemed: 'Redeemed',
  periodVoided: 'Voided redemptions',
  periodRefunded: 'Clawed back by refunds',
  periodUnrecovered: 'Not recovered by refunds',
  periodAdjusted: 'Owner adjustments',
  periodExpired: 'Expired',
});
