import { defineMessages } from '@/lib/i18n';

/**
 * The Rewards page's texts (ADR 0042), grouped by part: the page, the month controls, the
 * period's figures, the table of months and the empty state.
 */
export const rewardsReportMessages = defineMessages('rewardsReport', {
  pageTitle: 'Rewards',
  pageSubtitle: 'What the welcome bonus, birthday rewards, referrals and win-back offers achieved, month by month.',
  pageSubtitleZone: 'What the welcome bonus, birthday rewards, referrals and win-back offers achieved, month by month. Months in {{zone}}.',
  loadFailed: 'Failed to load the rewards report',
  loadFailedFallback: 'Please try again.',
  emptyTitle: 'No rewards yet',
  emptyDescription: 'Switch them on in <rules>Rules & Settings → Rewards</rules>.',

  rangeFrom: 'From',
  rangeTo: 'To',
  rangeOrder: 'From must not be after To',
  rangeTooLong: 'Choose at most {{max}} months',
  rangeDownload: 'Download CSV',

  figureBonuses: 'Bonuses issued',
  figureBonusesHint_one: '{{n}} bonus',
  figureBonusesHint_other: '{{n}} bonuses',
  figureSpent: 'Spent at the till',
  figureSpentHint: '{{share}} of bonuses',
  figureReferrals: 'Referrals converted',
  figureReferralsValue: '{{converted}} of {{joined}}',
  figureReferralsHint: 'invited {{n}}',
  figureWinBack: 'Win-back return rate',
  figureWinBackHint_one: '{{back}} of {{n}} offer',
  figureWinBackHint_other: '{{back}} of {{n}} offers',
  figureNone: '—',

  tableCaption: 'Rewards by month',
  columnMonth: 'Month',
  columnSpent: 'Spent',
  columnReferrals: 'Referrals',
  columnReferralsParts: 'invited / joined / converted',
  columnWinBack: 'Win-back offers',
  columnWinBackParts: 'sent / back',
  loadingMonths: 'Loading the months',
});
