import type { PlatformTenant, SubscriptionStatus } from '@loyalty/contract';
import { ApiError } from '@/lib/api';
import { formatCount, formatLimit } from '@/lib/format';
import { translate } from '@/lib/i18n';
import { SUBSCRIPTION_STATUS_OPTION_LABELS, labelOptions } from '@/lib/labels';
import { tenantsMessages } from '../../messages-tenants';

/**
 * The five subscription statuses in the order the status filter and the Edit dialog offer them,
 * with the words of a select. The badge itself keeps its four labels (Active, Trial, Past Due, else
 * Inactive): see SubscriptionBadge.
 */
export const STATUS_OPTIONS: readonly { value: SubscriptionStatus; label: string }[] = labelOptions(SUBSCRIPTION_STATUS_OPTION_LABELS);

/** Whether `v` is one of the five statuses (for the ?status= address parameter). */
export function isSubscriptionStatus(v: string | null): v is SubscriptionStatus {
  return STATUS_OPTIONS.some((o) => o.value === v);
}

/**
 * A slug suggested from the tenant's name (lowercase letters, digits and hyphens;
 * 3–40 characters): accents dropped, every other run of characters one hyphen,
 * no hyphen at either end, at most 40 characters. 'Café Olé & Co.' → 'cafe-ole-co'.
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** The slug field as typed: forced lowercase, anything but letters, digits and hyphens removed. */
export function sanitizeSlug(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 40);
}

/** 'First Last' of the owner, else their e-mail; null without an owner. */
export function ownerName(t: PlatformTenant): string | null {
  if (!t.owner) return null;
  return `${t.owner.firstName} ${t.owner.lastName}`.trim() || t.owner.email;
}

/** 'used / limit' of the tenant's cards; the limit −1 reads '∞' (unlimited). */
export function cardsUsage(t: PlatformTenant): string {
  const { cardsUsed, cardLimit } = t.subscriptionInfo;
  return `${formatCount(cardsUsed)} / ${formatLimit(cardLimit)}`;
}

/** The plan column: the plan's name, 'Free trial' while trialing without one, else '—'. */
export function planLabel(t: PlatformTenant): string {
  if (t.subscriptionInfo.planName) return t.subscriptionInfo.planName;
  return t.subscriptionStatus === 'TRIALING' ? translate(tenantsMessages, 'freeTrial') : '—';
}

/**
 * The text of a failed tenant call: the server's message when it says something specific (a 4xx:
 * validation, slug or e-mail taken, not found, wrong confirmation), else the screen's `fallback`
 * ('Failed to create tenant. Please try again.', …).
 */
export function tenantFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}
