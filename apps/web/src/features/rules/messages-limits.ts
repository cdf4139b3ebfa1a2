import { defineMessages } from '@/lib/i18n';

/**
 * The texts of the Limits tab of Rules & Settings (ADR 0042; docs/product.md 'Velocity limits'):
 * the four velocity limits, each with its switch, its value and what it does when reached. The
 * value labels are the names the contract's messages use ('Earns per card a day must be between 1 and 1000').
 */
export const limitsMessages = defineMessages('rules.limits', {
  loadFailed: 'Failed to load limits',
  loading: 'Loading limits',
  formLabel: 'Velocity limits',
  title: 'Velocity limits',
  description: "Velocity limits stop or flag unusual activity on a card or by a staff member. A day is your business's day.",
  save: 'Save Limits',
  saved: 'Limits saved',
  failed: 'Failed to save limits. Please try again.',
  reviewNote:
    'A change applies to the next movement. Movements accepted with a flag wait on the <review>Review</review> page, and every Store Admin gets an e-mail the first time a card is flagged in a day.',
  action: 'When the limit is reached',
  actionRefuse: 'Refuse the movement',
  actionFlag: 'Accept and flag for review',
  earns: 'earns',

  cardEarnsPerDayTitle: 'Earns per card',
  cardEarnsPerDayToggle: 'Limit the earns per card a day',
  cardEarnsPerDayNote: 'Counts the earns on one card in a business day.',
  cardEarnsPerDayValue: 'Earns per card a day',

  cardEarnAmountTitle: 'Purchase amount',
  cardEarnAmountToggle: 'Limit the purchase amount per earn',
  cardEarnAmountNote: 'Checks the purchase amount of each earn.',
  cardEarnAmountValue: 'Purchase amount per earn',

  cardRedeemPerDayTitle: 'Redemptions per card',
  cardRedeemPerDayToggle: 'Limit the amount redeemed per card a day',
  cardRedeemPerDayNote: 'Adds up what one card redeems in a business day.',
  cardRedeemPerDayValue: 'Redeemed per card a day',

  staffRedeemPerDayTitle: 'Redemptions per staff member',
  staffRedeemPerDayToggle: 'Limit the amount redeemed per staff member a day',
  staffRedeemPerDayNote: 'Adds up what one staff member redeems, on every card, in a business day.',
  staffRedeemPerDayValue: 'Redeemed per staff member a day',
});
