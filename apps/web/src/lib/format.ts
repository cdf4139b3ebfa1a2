/**
 * Formatting helpers (spec §9). Money and basis points come from `@loyalty/domain` so that the
 * browser and the server format the same way; this file only adds the browser-side extras.
 */
import type { CardStatus, Role, SubscriptionStatus, Tier } from '@loyalty/contract';

export { formatBps, formatCents, dollarsToCents } from '@loyalty/domain';

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** ISO timestamp → 'Jan 5, 2026, 3:04 PM' (spec §9: short month, day and time). '—' when empty. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}

/** ISO timestamp → 'Jan 5, 2026'. '—' when empty. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateOnly.format(d);
}

/** Human label of a role (spec §1: tenant_admin is 'Store Admin'). */
export const ROLE_LABELS: Record<Role, string> = {
  platform_admin: 'Platform Admin',
  tenant_admin: 'Store Admin',
  cashier: 'Cashier',
  customer: 'Customer',
};

/** Human label of a tier. */
export const TIER_LABELS: Record<Tier, string> = { SILVER: 'Silver', GOLD: 'Gold', PLATINUM: 'Platinum' };

/** Human label of a card status. */
export const CARD_STATUS_LABELS: Record<CardStatus, string> = {
  ACTIVE: 'Active',
  BLOCKED: 'Blocked',
  UNASSIGNED: 'Unassigned',
};

/** Badge label of a subscription status (spec §4): Active, Trial, Past Due, else Inactive. */
export function subscriptionLabel(status: SubscriptionStatus | null | undefined): string {
  switch (status) {
    case 'ACTIVE':
      return 'Active';
    case 'TRIALING':
      return 'Trial';
    case 'PAST_DUE':
      return 'Past Due';
    default:
      return 'Inactive';
  }
}
