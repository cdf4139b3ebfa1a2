import { MAX_BATCH_SIZE, type TenantResponse } from '@loyalty/contract';
import { translate } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * The card allowance shown by the Cards page banner and enforced by the Create Card Batch
 * quantity. All counts are cards; `limit` −1 means unlimited.
 */
export interface CardAllowance {
  /** 'subscription' when the tenant is ACTIVE with subscription info, else 'trial'. */
  mode: 'subscription' | 'trial';
  /** Plan name in subscription mode (null when the plan has none). */
  planName: string | null;
  /** Cards the tenant holds (the quota counts every card, assigned or not). */
  used: number;
  /** The card limit in force; −1 unlimited. */
  limit: number;
  /** Cards that may still be created; Infinity when unlimited; never negative. */
  remaining: number;
  /** Share of the limit used, 0–100 (0 when unlimited). */
  percent: number;
  /** Banner colour (yellow from 80 % used, red at the limit). */
  level: 'ok' | 'warning' | 'limit';
}

/** Used share from which the Cards banner turns yellow (80 percent). */
const WARNING_PERCENT = 80;

/** The allowance of a tenant, from GET /tenant's `subscriptionStatus` and `subscriptionInfo`. */
export function cardAllowance(tenant: Pick<TenantResponse, 'subscriptionStatus' | 'subscriptionInfo'>): CardAllowance {
  const info = tenant.subscriptionInfo;
  const mode = tenant.subscriptionStatus === 'ACTIVE' && info.isActive ? 'subscription' : 'trial';
  const limit = info.cardLimit;
  const used = Math.max(0, info.cardsUsed);
  const unlimited = limit < 0;
  const remaining = unlimited ? Number.POSITIVE_INFINITY : Math.max(0, limit - used);
  const percent = unlimited ? 0 : limit === 0 ? 100 : Math.min(100, (used / limit) * 100);
  const level = !unlimited && remaining <= 0 ? 'limit' : percent >= WARNING_PERCENT ? 'warning' : 'ok';
  return { mode, planName: info.planName, used, limit, remaining, percent, level };
}

/** Largest batch allowed now: min(1000, remaining allowance); 1000 when the allowance is unknown. */
export function maxBatchSize(allowance: CardAllowance | null): number {
  if (!allowance) return MAX_BATCH_SIZE;
  return Math.max(0, Math.min(MAX_BATCH_SIZE, allowance.remaining));
}

/**
 * The message when a requested quantity exceeds what may be created:
 * - over the allowance, subscription: 'You can only create {n} more cards from your {plan} plan
 *   subscription. You currently have {used}/{limit} cards used.'
 * - over the allowance, trial: 'You can only create {n} more cards. You currently have
 *   {x}/{limit} cards in your trial.'
 * - over 1000 (allowance not binding): 'Maximum 1000 cards can be created at once. Please
 *   reduce the quantity.'
 * Null when `requested` is allowed.
 */
export function batchLimitMessage(requested: number, allowance: CardAllowance | null): string | null {
  const max = maxBatchSize(allowance);
  if (requested <= max) return null;
  if (allowance && allowance.remaining < MAX_BATCH_SIZE) {
    const n = allowance.remaining;
    const values = { n, used: allowance.used, limit: allowance.limit };
    return allowance.mode === 'subscription'
      ? translate(cardsMessages, 'batchLimitPlan', { ...values, plan: allowance.planName ?? translate(cardsMessages, 'batchLimitCurrentPlan') })
      : translate(cardsMessages, 'batchLimitTrial', values);
  }
  return translate(cardsMessages, 'batchLimitMax');
}
