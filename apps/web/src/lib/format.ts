/**
 * Formatting helpers. Money and basis points come from `@loyalty/domain` so that the
 * browser and the server format the same way; this file only adds the browser-side extras.
 * Enum labels live in `@/lib/labels`.
 */
import type { TransactionType } from '@loyalty/contract';
import { formatCents } from '@loyalty/domain';

export { formatBps, formatCents, dollarsToCents } from '@loyalty/domain';

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** ISO timestamp → 'Jan 5, 2026, 3:04 PM' (short month, day and time). '—' when empty. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}

const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** ISO timestamp → '3:15 PM'. '—' when empty. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : timeOnly.format(d);
}

/** ISO timestamp → 'Jan 5, 2026'. '—' when empty. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateOnly.format(d);
}

const count = new Intl.NumberFormat('en-US');

/** A count with thousands separators (en-US): 10000 → '10,000'. */
export function formatCount(n: number): string {
  return count.format(n);
}

/** A limit where a negative value (or, with `zeroIsUnlimited`, also 0) means none: '∞', else the count. */
export function formatLimit(limit: number, zeroIsUnlimited = false): string {
  return limit < 0 || (zeroIsUnlimited && limit === 0) ? '∞' : formatCount(limit);
}

/** A money axis tick from cents, compact: '$0', '$950', '$7.5', '$1.2k', '$3M' (charts only; exact amounts use formatCents). */
export function formatCentsCompact(cents: number): string {
  const dollars = cents / 100;
  if (Math.abs(dollars) >= 1_000_000) return `$${+(dollars / 1_000_000).toFixed(1)}M`;
  if (Math.abs(dollars) >= 1_000) return `$${+(dollars / 1_000).toFixed(1)}k`;
  return `$${+dollars.toFixed(dollars < 10 && dollars % 1 !== 0 ? 2 : 0)}`;
}

/**
 * A ledger row's amount, from integer cents: the purchase for EARN ('$12.34'), the purchase
 * refunded for REFUND ('−$20.00'), a minus sign for what left the card on REDEEM and EXPIRE
 * ('−$5.00'), a plus for what came back or in on VOID and ADD_FUNDS ('+$5.00'), the signed amount
 * for ADJUST ('+$2.00' / '−$2.00'). The minus is U+2212, as the pages and e2e suite show it.
 */
export function amountText(tx: { type: TransactionType; amountCents: number }): string {
  const abs = formatCents(Math.abs(tx.amountCents));
  switch (tx.type) {
    case 'EARN':
      return formatCents(tx.amountCents);
    case 'REDEEM':
    case 'EXPIRE':
    case 'REFUND':
      return `−${abs}`;
    case 'VOID':
    case 'ADD_FUNDS':
      return `+${abs}`;
    default:
      return `${tx.amountCents < 0 ? '−' : '+'}${abs}`;
  }
}

/** A ledger row's cashback: '+$0.75' on EARN rows, the claw-back '−$0.30' on REFUND rows, null otherwise (shown as a dash). */
export function cashbackText(tx: { type: TransactionType; cashbackCents: number }): string | null {
  if (tx.type === 'EARN') return `+${formatCents(tx.cashbackCents)}`;
  if (tx.type === 'REFUND') return `−${formatCents(tx.cashbackCents)}`;
  return null;
}

/** 'Springfield, United States': the city and country an order ships to (either may be missing). */
export function shipToPlace(order: { shippingAddress: { city?: string | null; country?: string | null } }): string {
  return [order.shippingAddress.city, order.shippingAddress.country].filter(Boolean).join(', ');
}
