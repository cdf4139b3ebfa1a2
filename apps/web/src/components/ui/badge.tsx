import type { HTMLAttributes } from 'react';
import type { CardOrderStatus, CardStatus, OutboxStatus, SubscriptionStatus, Tier, TransactionType } from '@loyalty/contract';
import {
  CARD_STATUS_COLORS,
  CARD_STATUS_LABELS,
  ORDER_STATUS_COLORS,
  ORDER_STATUS_LABELS,
  OUTBOX_STATUS_COLORS,
  OUTBOX_STATUS_LABELS,
  SUBSCRIPTION_STATUS_COLORS,
  TIER_COLORS,
  TIER_LABELS,
  TRANSACTION_TYPE_COLORS,
  TRANSACTION_TYPE_LABELS,
  subscriptionLabel,
  type BadgeColor,
} from '@/lib/labels';
import { cva } from 'class-variance-authority';
import { cn } from '@/lib/cn';

export type { BadgeColor } from '@/lib/labels';

/** The badge's classes by colour (cva); a caller's className is merged after them and wins. */
const badgeVariants = cva('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', {
  variants: {
    color: {
      grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
      green: 'bg-green-50 text-green-700 ring-green-600/20',
      red: 'bg-red-50 text-red-700 ring-red-600/20',
      blue: 'bg-blue-50 text-blue-700 ring-blue-600/20',
      orange: 'bg-orange-50 text-orange-700 ring-orange-600/20',
      yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-600/30',
      purple: 'bg-purple-50 text-purple-700 ring-purple-600/20',
      indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
    } satisfies Record<BadgeColor, string>,
  },
});

/** A small rounded label. `data-color` carries the colour name for tests. */
export function Badge({ color = 'grey', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { color?: BadgeColor }) {
  return <span data-color={color} className={cn(badgeVariants({ color }), className)} {...rest} />;
}

/** Tier badge: SILVER grey, GOLD yellow, PLATINUM purple, anything else grey. */
export function TierBadge({ tier }: { tier: Tier }) {
  return <Badge color={TIER_COLORS[tier] ?? 'grey'}>{TIER_LABELS[tier] ?? tier}</Badge>;
}

/** Card status badge: ACTIVE green, BLOCKED red, UNASSIGNED grey. */
export function CardStatusBadge({ status }: { status: CardStatus }) {
  return <Badge color={CARD_STATUS_COLORS[status] ?? 'grey'}>{CARD_STATUS_LABELS[status] ?? status}</Badge>;
}

/**
 * Subscription badge: ACTIVE green 'Active', TRIALING blue 'Trial', PAST_DUE orange
 * 'Past Due', anything else grey 'Inactive'. `trialLabel` replaces 'Trial' where the header shows
 * 'Trial Account' (tenant header).
 */
export function SubscriptionBadge({ status, trialLabel }: { status: SubscriptionStatus | null | undefined; trialLabel?: string }) {
  const color: BadgeColor = status ? SUBSCRIPTION_STATUS_COLORS[status] : 'grey';
  const label = status === 'TRIALING' && trialLabel ? trialLabel : subscriptionLabel(status);
  return <Badge color={color}>{label}</Badge>;
}

/** Badge of a ledger row type: Earn green, Redeem orange, Adjustment purple. */
export function TransactionTypeBadge({ type }: { type: TransactionType }) {
  return <Badge color={TRANSACTION_TYPE_COLORS[type] ?? 'grey'}>{TRANSACTION_TYPE_LABELS[type] ?? type}</Badge>;
}

/** Badge of a card-order status (docs/product.md 'Card orders'), coloured by {@link ORDER_STATUS_COLORS}. */
export function OrderStatusBadge({ status }: { status: CardOrderStatus }) {
  return <Badge color={ORDER_STATUS_COLORS[status] ?? 'grey'}>{ORDER_STATUS_LABELS[status] ?? status}</Badge>;
}

/** Badge of an outbox message's status, coloured by {@link OUTBOX_STATUS_COLORS}. */
export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge color={OUTBOX_STATUS_COLORS[status] ?? 'grey'}>{OUTBOX_STATUS_LABELS[status] ?? status}</Badge>;
}
