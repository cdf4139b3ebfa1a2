import type { BillingPlan } from '@loyalty/contract';

/** Whether a plan is the 'Most Popular' one (name containing 'professional'). */
export const isProfessional = (plan: BillingPlan) => plan.name.toLowerCase().includes('professional');

/** The plan 'Upgrade to Pro' picks: name containing 'professional', else the second plan. */
export function upgradePlan(plans: readonly BillingPlan[]): BillingPlan | undefined {
  return plans.find(isProfessional) ?? plans[1] ?? plans[0];
}

/** A plan limit as shown: '∞' for −1 (unlimited), else the number. */
export const limitText = (limit: number) => (limit === -1 ? '∞' : String(limit));
