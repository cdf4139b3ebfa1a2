import type { TenantResponse } from '@loyalty/contract';

/** One variant of the subscription status banner (spec §4 'Tenant subscriptionStatus'). */
export interface StatusBannerModel {
  status: TenantResponse['subscriptionStatus'];
  tone: 'blue' | 'green' | 'orange' | 'red' | 'slate';
  title: string;
  text: string;
  action: { label: string; tab: 'overview' | 'plans' | 'payment-methods' };
}

const DAY_MS = 86_400_000;

/**
 * Whole days left until `graceEndsAt`, rounded up (spec §4 PAST_DUE: 'days left until
 * graceEndsAt rounded up'); null when there is no grace or it has passed.
 */
export function graceDaysLeft(graceEndsAt: string | null, now: Date = new Date()): number | null {
  if (!graceEndsAt) return null;
  const ms = new Date(graceEndsAt).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : null;
}

/**
 * The status banner of spec §4 for the tenant's subscriptionStatus: NONE 'Start Your Free
 * Trial' (14-day trial, no credit card), TRIALING 'Free Trial Active' (activation limit, upgrade
 * for unlimited), ACTIVE 'Subscription Active' (Manage Billing), PAST_DUE 'Payment Past Due'
 * (days left in the grace period, rounded up, or 'Update your payment method to restore full
 * access.'), CANCELED 'Subscription Canceled' (Reactivate). Each action opens a Billing tab.
 */
export function statusBannerModel(tenant: TenantResponse, now: Date = new Date()): StatusBannerModel {
  switch (tenant.subscriptionStatus) {
    case 'NONE':
      return {
        status: 'NONE',
        tone: 'blue',
        title: 'Start Your Free Trial',
        text: 'Try every feature free for 14 days. No credit card required.',
        action: { label: 'Start Free Trial', tab: 'plans' },
      };
    case 'TRIALING':
      return {
        status: 'TRIALING',
        tone: 'blue',
        title: 'Free Trial Active',
        text: `Your trial includes ${tenant.freeTrialLimit} card activations. Upgrade to unlock unlimited cards.`,
        action: { label: 'Upgrade', tab: 'plans' },
      };
    case 'ACTIVE':
      return {
        status: 'ACTIVE',
        tone: 'green',
        title: 'Subscription Active',
        text: tenant.subscriptionInfo.planName ? `You are on the ${tenant.subscriptionInfo.planName} plan.` : 'Your subscription is active.',
        action: { label: 'Manage Billing', tab: 'overview' },
      };
    case 'PAST_DUE': {
      const days = graceDaysLeft(tenant.graceEndsAt, now);
      return {
        status: 'PAST_DUE',
        tone: 'orange',
        title: 'Payment Past Due',
        text:
          days !== null
            ? `Your last payment failed. You have ${days} ${days === 1 ? 'day' : 'days'} left to update your payment method before access is limited.`
            : 'Update your payment method to restore full access.',
        action: { label: 'Update Payment Method', tab: 'payment-methods' },
      };
    }
    default:
      return {
        status: 'CANCELED',
        tone: 'red',
        title: 'Subscription Canceled',
        text: 'Your subscription has ended. Reactivate it to use the POS, cards and transactions again.',
        action: { label: 'Reactivate', tab: 'plans' },
      };
  }
}
