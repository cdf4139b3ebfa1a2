import { OFFLINE_MOVEMENT_TEXT, type SyncConflictItem, type SyncConflictStatus } from '@loyalty/contract';
import { formatCents, formatDateTime } from '@/lib/format';
import { translate, type MessageKey } from '@/lib/i18n';
import type { BadgeColor } from '@/lib/labels';
import { conflictMessages } from '../messages-conflicts';

type ConflictKey = MessageKey<(typeof conflictMessages)['en']>;

/** What the Store Admin can do about each refusal code the server gives a movement made offline. */
const ADVICE: Record<string, ConflictKey> = {
  CARD_NOT_ACTIVE: 'adviceCardNotActive',
  INSUFFICIENT_BALANCE: 'adviceInsufficientBalance',
  VELOCITY_LIMIT: 'adviceVelocityLimit',
  BUSINESS_RULE: 'adviceBusinessRule',
};

/**
 * The 'What to do' line of a sync conflict (docs/product.md 'Offline till') by the refusal's
 * `code` and `message`: CARD_NOT_ACTIVE (the card blocked meanwhile), INSUFFICIENT_BALANCE (the
 * balance spent meanwhile), VELOCITY_LIMIT, BUSINESS_RULE (over 72 hours old, told by its message;
 * else over the offline caps, or offline redemptions off); any other code gets the general advice.
 */
export function adviceText(code: string, message: string): string {
  if (message === OFFLINE_MOVEMENT_TEXT.tooOld) return translate(conflictMessages, 'adviceTooOld');
  return translate(conflictMessages, Object.hasOwn(ADVICE, code) ? ADVICE[code] : 'adviceOther');
}

/** The movement made offline in words, its amount from integer cents ('Earn $15.00', 'Redemption $5.00'). */
export function movementText(c: Pick<SyncConflictItem, 'kind' | 'amountCents'>): string {
  const kind = translate(conflictMessages, c.kind === 'EARN' ? 'kindEarn' : 'kindRedeem');
  return translate(conflictMessages, 'movement', { kind, amount: formatCents(c.amountCents) });
}

/** Where a conflict stands, as its badge reads and is coloured. */
export function conflictBadge(status: SyncConflictStatus): { label: string; color: BadgeColor } {
  return status === 'OPEN'
    ? { label: translate(conflictMessages, 'statusOpen'), color: 'yellow' }
    : { label: translate(conflictMessages, 'statusResolved'), color: 'green' };
}

/** Who resolved a conflict and when ('By Alex Owner, Nov 28, 2026, 9:00 AM'); null while it is open. */
export function resolvedText(c: Pick<SyncConflictItem, 'resolvedAt' | 'resolvedBy'>): string | null {
  if (!c.resolvedAt) return null;
  const when = formatDateTime(c.resolvedAt);
  return c.resolvedBy ? translate(conflictMessages, 'resolvedBy', { name: c.resolvedBy, when }) : translate(conflictMessages, 'resolvedAt', { when });
}
