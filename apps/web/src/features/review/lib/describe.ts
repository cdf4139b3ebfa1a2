import type { RiskFlagItem, RiskFlagMovement, RiskFlagStatus } from '@loyalty/contract';
import { formatCents, formatDate, formatDateTime, formatTime } from '@/lib/format';
import { translate } from '@/lib/i18n';
import { TRANSACTION_TYPE_LABELS, type BadgeColor } from '@/lib/labels';
import { reviewMessages } from '../messages';

/**
 * The limit a flag crossed, in words with its value as it was (docs/product.md 'Velocity limits'):
 * `limitValue` is a count of earns for CARD_EARNS_PER_DAY ('5 earns per card a day'), integer cents
 * otherwise ('Purchases up to $500.00 per earn', '$30.00 redeemed per card a day', '$15.00 redeemed
 * per staff member a day').
 */
export function limitText(flag: Pick<RiskFlagItem, 'limit' | 'limitValue'>): string {
  const amount = formatCents(flag.limitValue);
  switch (flag.limit) {
    case 'CARD_EARNS_PER_DAY':
      return translate(reviewMessages, 'limitCardEarnsPerDay', { count: flag.limitValue });
    case 'CARD_EARN_AMOUNT':
      return translate(reviewMessages, 'limitCardEarnAmount', { amount });
    case 'CARD_REDEEM_PER_DAY':
      return translate(reviewMessages, 'limitCardRedeemPerDay', { amount });
    case 'STAFF_REDEEM_PER_DAY':
      return translate(reviewMessages, 'limitStaffRedeemPerDay', { amount });
  }
}

/** A business day 'YYYY-MM-DD' as the app writes dates ('Nov 27, 2026'), read as that calendar day whatever the browser's time zone. */
export function dayText(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00`) : day;
}

/** One movement of a flag: its type, amount (from integer cents) and time in the browser's time, as the Transactions page shows times ('Earn $120.00 at 3:15 PM'). */
export function movementText(m: RiskFlagMovement): string {
  return translate(reviewMessages, 'movementLine', {
    type: TRANSACTION_TYPE_LABELS[m.type],
    amount: formatCents(m.amountCents),
    time: formatTime(m.createdAt),
  });
}

/** Where a flag stands, as its badge reads and is coloured. */
export function statusBadge(status: RiskFlagStatus): { label: string; color: BadgeColor } {
  switch (status) {
    case 'OPEN':
      return { label: translate(reviewMessages, 'statusOpen'), color: 'yellow' };
    case 'DISMISSED':
      return { label: translate(reviewMessages, 'statusDismissed'), color: 'grey' };
    case 'CARD_BLOCKED':
      return { label: translate(reviewMessages, 'statusCardBlocked'), color: 'red' };
  }
}

/** Who reviewed a closed flag and when ('By Alex Owner, Nov 27, 2026, 4:02 PM'); null while it is open. */
export function reviewedText(flag: Pick<RiskFlagItem, 'reviewedAt' | 'reviewedBy'>): string | null {
  if (!flag.reviewedAt) return null;
  const when = formatDateTime(flag.reviewedAt);
  return flag.reviewedBy ? translate(reviewMessages, 'reviewedBy', { name: flag.reviewedBy, when }) : translate(reviewMessages, 'reviewedAt', { when });
}
