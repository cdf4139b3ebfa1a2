import type { Category, TransactionItem, TransactionType } from '@loyalty/contract';
import { Badge, type BadgeColor } from '@/components/ui/badge';
import { formatCents } from '@/lib/format';

/** Human label of a ledger row type (spec §3 'Transaction'). */
export const TYPE_LABELS: Record<TransactionType, string> = { EARN: 'Earn', REDEEM: 'Redeem', ADJUST: 'Adjustment' };
/** Human label of a purchase category (spec §3 'Transaction'). */
export const CATEGORY_LABELS: Record<Category, string> = { PURCHASE: 'Purchase', REPAIR: 'Repair', OTHER: 'Other' };

const typeColors: Record<TransactionType, BadgeColor> = { EARN: 'green', REDEEM: 'orange', ADJUST: 'purple' };

/** Badge of a ledger row type: Earn green, Redeem orange, Adjustment purple. */
export function TransactionTypeBadge({ type }: { type: TransactionType }) {
  return <Badge color={typeColors[type] ?? 'grey'}>{TYPE_LABELS[type] ?? type}</Badge>;
}

/** The customer's name, or a muted placeholder for a card without a customer. */
export function customerLabel(tx: Pick<TransactionItem, 'customerName'>): string {
  return tx.customerName?.trim() || 'Unknown Customer';
}

/**
 * The amount column: the purchase for EARN, a minus sign for REDEEM (balance paid out), the
 * signed amount for ADJUST. Cents → '$12.34' (spec §9).
 */
export function amountText(tx: Pick<TransactionItem, 'type' | 'amountCents'>): string {
  if (tx.type === 'REDEEM') return `−${formatCents(Math.abs(tx.amountCents))}`;
  if (tx.type === 'ADJUST') return `${tx.amountCents < 0 ? '−' : '+'}${formatCents(Math.abs(tx.amountCents))}`;
  return formatCents(tx.amountCents);
}

/** The cashback column: '+$0.75' on EARN rows, null otherwise (shown as a dash, spec §2). */
export function cashbackText(tx: Pick<TransactionItem, 'type' | 'cashbackCents'>): string | null {
  return tx.type === 'EARN' ? `+${formatCents(tx.cashbackCents)}` : null;
}
