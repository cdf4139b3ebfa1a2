import type { TenantResponse, TrialStatusResponse } from '@loyalty/contract';

/** Cards remaining on a plan at or below which the banner turns yellow (50). */
const PLAN_WARNING_REMAINING = 50;
/** Trial activations remaining at or below which the banner turns yellow (5). */
const TRIAL_WARNING_REMAINING = 5;

/** What the dashboard's subscription banner shows. */
export type BannerModel =
  | {
      /** (1) An active plan with a name: 'Plan - Active'. */
      kind: 'plan';
      planName: string;
      used: number;
      /** Card limit of the plan; −1 unlimited. */
      limit: number;
      /** Cards still allowed (never negative); Infinity when unlimited. */
      remaining: number;
      /** Yellow at 50 or fewer remaining, else green. */
      tone: 'green' | 'yellow';
      /** 0 or fewer remaining: 'No cards remaining.' with Upgrade Plan and Order More Cards. */
      exhausted: boolean;
    }
  | {
      /** (2) No active plan and subscriptionRequired: red 'Free Trial Expired'. */
      kind: 'expired';
      used: number;
      limit: number;
      /** True when activations are left, i.e. the trial period (not the count) ran out. */
      periodEnded: boolean;
    }
  | {
      /** (3) Otherwise: 'Free Trial Status' with used / limit activations. */
      kind: 'trial';
      used: number;
      limit: number;
      remaining: number;
      /** Yellow with upgrade buttons at 5 or fewer activations remaining, else blue. */
      tone: 'blue' | 'yellow';
      trialEndsAt: string | null;
    };

/**
 * The dashboard banner's variant from GET /tenant (`subscriptionInfo`) and
 * GET /trial/status. Null (banner hidden) without the data it needs: no tenant, or no trial
 * status when there is no active plan.
 */
export function bannerModel(tenant: TenantResponse | undefined, trial: TrialStatusResponse | undefined): BannerModel | null {
  if (!tenant) return null;
  const info = tenant.subscriptionInfo;
  if (info.isActive && info.planName) {
    const unlimited = info.cardLimit < 0;
    const remaining = unlimited ? Number.POSITIVE_INFINITY : info.cardsRemaining;
    return {
      kind: 'plan',
      planName: info.planName,
      used: info.cardsUsed,
      limit: info.cardLimit,
      remaining: Math.max(0, remaining),
      tone: remaining <= PLAN_WARNING_REMAINING ? 'yellow' : 'green',
      exhausted: remaining <= 0,
    };
  }
  if (!trial) return null;
  if (trial.subscriptionRequired) {
    return { kind: 'expired', used: trial.activationsUsed, limit: trial.trialLimit, periodEnded: trial.activationsRemaining > 0 };
  }
  const remaining = Math.max(0, trial.activationsRemaining);
  return {
    kind: 'trial',
    used: trial.activationsUsed,
    limit: trial.trialLimit,
    remaining,
    tone: remaining <= TRIAL_WARNING_REMAINING ? 'yellow' : 'blue',
    trialEndsAt: tenant.trialEndsAt,
  };
}

/** Whether the banner needs GET /trial/status (there is no active plan with a name). */
export function needsTrialStatus(tenant: TenantResponse | undefined): boolean {
  return Boolean(tenant && !(tenant.subscriptionInfo.isActive && tenant.subscriptionInfo.planName));
}
