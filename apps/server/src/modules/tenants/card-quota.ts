import { eq } from 'drizzle-orm';
import { canTransact, cardLimit, cardsRemaining, isSubscriptionRequired, onlineCardAllowed } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';
import { AppError, badRequest, forbidden } from '../../errors.ts';
import type { TenantAccount } from './lock-tenant.ts';

/**
 * The card quota (docs/product.md 'Card quota'): the gates of a card batch, of an activation and
 * of an online sign-up's card, decided from counts the cards module read under the tenant-row lock.
 */

/** A tenant's cards as the quota counts them: all cards (the plan's card limit) and activated ones (trial activations). */
export interface CardCounts {
  total: number;
  activated: number;
}

/**
 * The card-batch gate of docs/product.md 'Card quota' and 'Subscription gates', for `requested` new cards of the locked `account` (`lockTenant` first) whose cards
 * `counts` the cards module read under that lock. Rules, in this order:
 * - 403 FORBIDDEN 'Card creation blocked': status CANCELED or NONE, or PAST_DUE with the
 *   grace period over (the POS gate of docs/product.md 'Subscription gates').
 * - 403 SUBSCRIPTION_REQUIRED 'Subscription required': not ACTIVE and the trial's
 *   activations are used up or it has ended (domain isSubscriptionRequired).
 * - ACTIVE with a plan: the plan's `limits.cards` (−1 unlimited) plus purchased cards bound
 *   all the tenant's cards; a shortfall is 403 FORBIDDEN 'Insufficient subscription
 *   allowance' with details `{ remaining, used, limit, requested, planName, message }`.
 * - otherwise (trial): freeTrialLimit plus purchased cards bound all cards; a shortfall is 400
 *   VALIDATION_ERROR 'Card limit exceeded' with details `{ remaining, used, limit, requested,
 *   message }`.
 */
export async function assertCardBatchAllowed(db: DbOrTx, account: TenantAccount, counts: CardCounts, requested: number, now: Date): Promise<void> {
  const status = account.subscriptionStatus;
  // The POS gate itself: CANCELED, NONE, or PAST_DUE with the grace over.
  if (!canTransact(account, now)) throw forbidden('Card creation blocked');
  if (isSubscriptionRequired(account, counts.activated, now)) throw new AppError('SUBSCRIPTION_REQUIRED', 'Subscription required');
  const [plan] =
    status === 'ACTIVE' && account.planId ? await db.select({ name: plans.name, limits: plans.limits }).from(plans).where(eq(plans.id, account.planId)) : [];
  const limit = cardLimit(account, plan ? plan.limits.cards : null);
  const remaining = cardsRemaining(limit, counts.total);
  if (requested <= remaining) return;
  const base = { remaining, used: counts.total, limit, requested };
  if (plan) {
    throw new AppError('FORBIDDEN', 'Insufficient subscription allowance', {
      ...base,
      planName: plan.name,
      message: `You can only create ${remaining} more cards from your ${plan.name} plan subscription. You currently have ${counts.total}/${limit} cards used.`,
    });
  }
  throw badRequest('Card limit exceeded', {
    ...base,
    message: `You can only create ${remaining} more cards. You currently have ${counts.total}/${limit} cards in your trial.`,
  });
}

/**
 * The card-activation gate (docs/product.md 'Card quota'), for the locked `account` whose cards
 * `counts` were read under the lock.
 * @throws AppError 403 SUBSCRIPTION_REQUIRED 'Subscription required' when the status does not
 *   allow card work at all (CANCELED, NONE, PAST_DUE after grace) or the tenant is not ACTIVE
 *   and its trial activations are used up or the trial has ended.
 */
export function assertCanActivateCard(account: TenantAccount, counts: CardCounts, now: Date): void {
  if (!canTransact(account, now) || isSubscriptionRequired(account, counts.activated, now)) {
    throw new AppError('SUBSCRIPTION_REQUIRED', 'Subscription required');
  }
}

/** Refusal of a card an online sign-up would take from the till's reserve (ADR 0027); the join flow shows its own text. */
const TILL_RESERVE_TEXT = 'Online sign-ups cannot take the last 10 % of the card quota';

/**
 * The till's reserve (ADR 0027): refuses one more card made by an online sign-up when it would
 * take a card from the last 10 % (domain `tillReserve`, rounded up) of the card quota of the
 * locked `account` (`lockTenant` first, ADR 0005), whose `counts` were read under the lock. The
 * quota is the one `assertCardBatchAllowed` applies (plan card limit plus purchased cards when
 * ACTIVE with a plan, else the trial's); on a trial the free activations are a quota too, and
 * keep the same reserve. Unlimited plans keep none. Call it after the batch and activation gates.
 * @throws AppError 422 BUSINESS_RULE TILL_RESERVE_TEXT.
 */
export async function assertTillReserveKept(db: DbOrTx, account: TenantAccount, counts: CardCounts): Promise<void> {
  const active = account.subscriptionStatus === 'ACTIVE';
  const [plan] = active && account.planId ? await db.select({ limits: plans.limits }).from(plans).where(eq(plans.id, account.planId)) : [];
  const limit = cardLimit(account, plan ? plan.limits.cards : null);
  const activationsLeft = active || onlineCardAllowed(account.freeTrialLimit, counts.activated);
  if (!onlineCardAllowed(limit, counts.total) || !activationsLeft) throw new AppError('BUSINESS_RULE', TILL_RESERVE_TEXT);
}
