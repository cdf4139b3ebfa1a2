import type { TenantResponse } from '@loyalty/contract';

/** One variant of the subscription status banner. */
export interface StatusBannerModel {
  status: TenantResponse['subscriptionStatus'];
  tone: 'blue' | 'green' | 'orange' | 'red' | 'slate';
  title: string;
  text: string;
  action: { label: string; tab: 'overview' | 'plans' | 'payment-methods' };
}

const DAY_MS = 86_400_000;

/**
 * Whole days left until `graceEndsAt`, rounded up ('days left until graceEndsAt rounded up'); null
 * when there is no grace or it has passed.
 */
function graceDaysLeft(graceEndsAt: string | null, now: Date = new Date()): number | null {
  if (!graceEndsAt) return null;
  const ms = new Date(graceEndsAt).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : null;
}

/**
 * The status banner for the tenant's subscriptionStatus: NONE 'Start Your Free
 * Trial' (14-day trial, no credit card), TRIALING 'Free Trial Active' (activation limit, upgrade
 * for unlimited), ACTIVE 'Subscription Active' (Manage Billing), PAST_DUE 'Payment Past Due'
 * (days left in the grace period, rounded up, or 'Update your payment method to restore full
 * access.'), CANCELED 'Subscription Canceled' (Reactivate). Each action opens a Billing tab.
 */
export function statusBannerModel(tenant: TenantResponse, now: Date = new Date()): StatusBannerModel {
  const status = tenant.subscriptionStatus;
  return { status, ...BANNERS[status], text: bannerText(status, tenant, now) };
}

type BannerStatus = StatusBannerModel['status'];

/** The fixed parts of each banner: colour, title and the Billing tab its button opens. */
const BANNERS: Record<BannerStatus, Pick<StatusBannerModel, 'tone' | 'title' | 'action'>> = {
  NONE: { tone: 'blue', title: 'Start Your Free Trial', action: { label: 'Start Free Trial', tab: 'plans' } },
  TRIALING: { tone: 'blue', title: 'Free Trial Active', action: { label: 'Upgrade', tab: 'plans' } },
  ACTIVE: { tone: 'green', title: 'Subscription Active', action: { label: 'Manage Billing', tab: 'overview' } },
  PAST_DUE: { tone: 'orange', title: 'Payment Past Due', action: { label: 'Update Payment Method', tab: 'payment-methods' } },
  CANCELED: { tone: 'red', title: 'Subscription Canceled', action: { label: 'Reactivate', tab: 'plans' } },
};

/** The banner's sentence, which may depend on the tenant (trial limit, plan name, grace days). */
function bannerText(status: BannerStatus, tenant: TenantResponse, now: Date): string {
  switch (status) {
    case 'NONE':
      return 'Try every feature free for 14 days. No credit card required.';
    case 'TRIALING':
      return `Your trial includes ${tenant.freeTrialLimit} card activations. Upgrade to unlock unlimited cards.`;
    case 'ACTIVE':
      return tenant.subscriptionInfo.planName ? `You are on the ${tenant.subscriptionInfo.planName} plan.` : 'Your subscription is active.';
    case 'PAST_DUE': {
      const days = graceDaysLeft(tenant.graceEndsAt, now);
      return days !== null
        ? `Your last payment failed. You have ${days} ${days === 1 ? 'day' : 'days'} left to update your payment method before access is limited.`
        : 'Update your payment method to restore full access.';
    }
    default:
      return 'Your subscription has ended. Reactivate it to use the POS, cards and transactions again.';
  }
}
