import type { SubscriptionStatus } from '@loyalty/contract';

/** The subscription facts of a tenant that the gates read. Dates may be null. */
export interface SubscriptionState {
  subscriptionStatus: SubscriptionStatus;
  graceEndsAt: Date | null;
  trialEndsAt: Date | null;
  freeTrialLimit: number;
  /**
   * Cards bought through paid card orders (docs/product.md 'Card orders': a paid order adds its
   * cards to the quota). Added to a finite card limit; absent = 0.
   */
  purchasedCards?: number;
}

/**
 * POS gate (docs/product.md 'Subscription gates'): transactions need ACTIVE, TRIALING, or
 * PAST_DUE while graceEndsAt is in the future. The same rule greys the POS, Cards and
 * Transactions menu items.
 */
export function canTransact(state: Pick<SubscriptionState, 'subscriptionStatus' | 'graceEndsAt'>, now: Date): boolean {
  switch (state.subscriptionStatus) {
    case 'ACTIVE':
    case 'TRIALING':
      return true;
    case 'PAST_DUE':
      return state.graceEndsAt !== null && state.graceEndsAt.getTime() > now.getTime();
    default:
      return false;
  }
}

/**
 * Whether a subscription is required (docs/product.md 'Subscription gates'): true when the
 * tenant is not ACTIVE and either all trial activations are used (cardsUsed ≥ freeTrialLimit) or
 * trialEndsAt has passed.
 */
export function isSubscriptionRequired(state: SubscriptionState, cardsUsed: number, now: Date): boolean {
  if (state.subscriptionStatus === 'ACTIVE') return false;
  const trialUsedUp = cardsUsed >= state.freeTrialLimit;
  const trialExpired = state.trialEndsAt !== null && state.trialEndsAt.getTime() < now.getTime();
  return trialUsedUp || trialExpired;
}

/**
 * The card quota in force: the plan's card limit when ACTIVE with a plan (−1 unlimited),
 * else the trial's freeTrialLimit (docs/product.md 'Card quota'), plus the
 * cards bought through paid card orders when the limit is finite (docs/product.md 'Card orders').
 */
export function cardLimit(state: SubscriptionState, planCardLimit: number | null): number {
  const base = state.subscriptionStatus === 'ACTIVE' && planCardLimit !== null ? planCardLimit : state.freeTrialLimit;
  return base < 0 ? base : base + (state.purchasedCards ?? 0);
}

/** Cards still allowed under a limit (−1 → Infinity), never negative. */
export function cardsRemaining(limit: number, used: number): number {
  return limit < 0 ? Number.POSITIVE_INFINITY : Math.max(0, limit - used);
}

/**
 * The part of a card quota that online sign-ups never take, in basis points: the last 10 %,
 * kept for cards handed out at the till (ADR 0027).
 */
export const TILL_RESERVE_BPS = 1000;

/** Cards of a finite `limit` kept for the till: TILL_RESERVE_BPS of it, rounded up (0 for an unlimited −1). */
export function tillReserve(limit: number): number {
  return limit < 0 ? 0 : Math.ceil((limit * TILL_RESERVE_BPS) / 10_000);
}

/**
 * True when one more card made by an online sign-up, with `used` cards already counted against
 * `limit` (−1 unlimited), leaves the till's reserve untouched: used + 1 ≤ limit − tillReserve(limit).
 */
export function onlineCardAllowed(limit: number, used: number): boolean {
  return limit < 0 || used + 1 <= limit - tillReserve(limit);
}
