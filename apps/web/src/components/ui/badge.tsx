import type { HTMLAttributes } from 'react';
import type { CardStatus, SubscriptionStatus, Tier } from '@loyalty/contract';
import { CARD_STATUS_LABELS, TIER_LABELS, subscriptionLabel } from '@/lib/format';
import { cn } from '@/lib/cn';

/** Colour names of {@link Badge}. */
export type BadgeColor = 'grey' | 'green' | 'red' | 'blue' | 'orange' | 'yellow' | 'purple' | 'indigo';

const colors: Record<BadgeColor, string> = {
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  green: 'bg-green-50 text-green-700 ring-green-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  blue: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  orange: 'bg-orange-50 text-orange-700 ring-orange-600/20',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-600/30',
  purple: 'bg-purple-50 text-purple-700 ring-purple-600/20',
  indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
};

/** A small rounded label. `data-color` carries the colour name for tests. */
export function Badge({ color = 'grey', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { color?: BadgeColor }) {
  return (
    <span
      data-color={color}
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap', colors[color], className)}
      {...rest}
    />
  );
}

const tierColors: Record<Tier, BadgeColor> = { SILVER: 'grey', GOLD: 'yellow', PLATINUM: 'purple' };

/** Tier badge (spec §3): SILVER grey, GOLD yellow, PLATINUM purple, anything else grey. */
export function TierBadge({ tier }: { tier: Tier }) {
  return <Badge color={tierColors[tier] ?? 'grey'}>{TIER_LABELS[tier] ?? tier}</Badge>;
}

const cardStatusColors: Record<CardStatus, BadgeColor> = { ACTIVE: 'green', BLOCKED: 'red', UNASSIGNED: 'grey' };

/** Card status badge (spec §3): ACTIVE green, BLOCKED red, UNASSIGNED grey. */
export function CardStatusBadge({ status }: { status: CardStatus }) {
  return <Badge color={cardStatusColors[status] ?? 'grey'}>{CARD_STATUS_LABELS[status] ?? status}</Badge>;
}

/**
 * Subscription badge (spec §4): ACTIVE green 'Active', TRIALING blue 'Trial', PAST_DUE orange
 * 'Past Due', anything else grey 'Inactive'. `trialLabel` replaces 'Trial' where the spec says
 * 'Trial Account' (tenant header, spec §2).
 */
export function SubscriptionBadge({ status, trialLabel }: { status: SubscriptionStatus | null | undefined; trialLabel?: string }) {
  const color: BadgeColor = status === 'ACTIVE' ? 'green' : status === 'TRIALING' ? 'blue' : status === 'PAST_DUE' ? 'orange' : 'grey';
  const label = status === 'TRIALING' && trialLabel ? trialLabel : subscriptionLabel(status);
  return <Badge color={color}>{label}</Badge>;
}
