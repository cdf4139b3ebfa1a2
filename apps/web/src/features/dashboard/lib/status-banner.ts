import type { TenantResponse } from '@loyalty/contract';
import { translate, type MessageKey } from '@/lib/i18n';
import { dashboardMessages } from '../messages';

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
  const { tone, title, action } = BANNERS[status];
  return {
    status,
    tone,
    title: translate(dashboardMessages, title),
    text: bannerText(status, tenant, now),
    action: { label: translate(dashboardMessages, action.label), tab: action.tab },
  };
}

type BannerStatus = StatusBannerModel['status'];

/** A key of the dashboard catalog. */
type DashboardKey = MessageKey<(typeof dashboardMessages)['en']>;

/** The fixed parts of each banner: colour, title and the Billing tab its button opens (texts as catalog keys). */
const BANNERS: Record<
  BannerStatus,
  { tone: StatusBannerModel['tone']; title: DashboardKey; action: { label: DashboardKey; tab: StatusBannerModel['action']['tab'] } }
> = {
  NONE: { tone: 'blue', title: 'statusNoneTitle', action: { label: 'statusNoneAction', tab: 'plans' } },
  TRIALING: { tone: 'blue', title: 'statusTrialingTitle', action: { label: 'statusTrialingAction', tab: 'plans' } },
  ACTIVE: { tone: 'green', title: 'statusActiveTitle', action: { label: 'statusActiveAction', tab: 'overview' } },
  PAST_DUE: { tone: 'orange', title: 'statusPastDueTitle', action: { label: 'statusPastDueAction', tab: 'payment-methods' } },
  CANCELED: { tone: 'red', title: 'statusCanceledTitle', action: { label: 'statusCanceledAction', tab: 'plans' } },
};

/** The banner's sentence, which may depend on the tenant (trial limit, plan name, grace days). */
function bannerText(status: BannerStatus, tenant: TenantResponse, now: Date): string {
  switch (status) {
    case 'NONE':
      return translate(dashboardMessages, 'statusNoneText');
    case 'TRIALING':
      return translate(dashboardMessages, 'statusTrialingText', { limit: tenant.freeTrialLimit });
    case 'ACTIVE':
      return tenant.subscriptionInfo.planName
        ? translate(dashboardMessages, 'statusActivePlanText', { plan: tenant.subscriptionInfo.planName })
        : translate(dashboardMessages, 'statusActiveText');
    case 'PAST_DUE': {
      const days = graceDaysLeft(tenant.graceEndsAt, now);
      return days !== null ? translate(dashboardMessages, 'statusPastDueDaysText', { count: days }) : translate(dashboardMessages, 'statusPastDueText');
    }
    default:
      return translate(dashboardMessages, 'statusCanceledText');
  }
}
