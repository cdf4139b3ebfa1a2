import { RENEWAL_TOLERANCE_MS, subscriptionStatusFromFacts } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { activeTenantsWithPeriodEndedBefore, lockTenant, updateSubscriptionState } from '../tenants/index.ts';
import { auditSubscriptionStatus } from './apply-subscription-fact.ts';
import { recordSubscriptionEvent } from './records.ts';

/**
 * The hourly check of paid periods (ADR 0021; run by the expiry job's housekeeping, main.ts):
 * every ACTIVE tenant whose paid period (currentPeriodEnd) ended more than
 * RENEWAL_TOLERANCE_MS (3 hours) before `now` without a newer payment becomes PAST_DUE with
 * graceEndsAt = the period's end + GRACE_DAYS (7 days), the same grace the provider's failed
 * renewal gives, with a subscription_event 'status_changed' (data `{ from: 'ACTIVE', to:
 * 'PAST_DUE', by: 'schedule', periodEnd, graceEndsAt }`) and the system's 'subscription.status'
 * audit event. Each tenant in its own transaction
 * with its row locked and its state read again (a payment that arrived meanwhile wins); a
 * tenant deleted meanwhile is skipped. Tenants without a period are never touched. Returns how
 * many tenants became PAST_DUE.
 */
export async function markLapsedSubscriptions(db: Database, now: Date): Promise<number> {
  const ids = await activeTenantsWithPeriodEndedBefore(db, new Date(now.getTime() - RENEWAL_TOLERANCE_MS));
  let lapsed = 0;
  for (const id of ids) {
    const changed = await db.transaction(async (tx) => {
      const locked = await lockTenant(tx, id).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      });
      if (locked?.subscriptionStatus !== 'ACTIVE') return false;
      const derived = subscriptionStatusFromFacts(
        { paidPeriodEnd: locked.currentPeriodEnd, endedAt: locked.subscriptionEndedAt, unpaidPeriodEnd: locked.unpaidPeriodEnd },
        now,
      );
      if (derived?.status !== 'PAST_DUE') return false;
      await updateSubscriptionState(tx, id, { subscriptionStatus: 'PAST_DUE', graceEndsAt: derived.graceEndsAt });
      await auditSubscriptionStatus(tx, locked, { planId: locked.planId, subscriptionStatus: 'PAST_DUE', graceEndsAt: derived.graceEndsAt }, 'schedule');
      await recordSubscriptionEvent(tx, {
        tenantId: id,
        tenantName: locked.name,
        tenantSlug: locked.slug,
        planId: locked.planId,
        eventType: 'status_changed',
        data: {
          from: 'ACTIVE',
          to: 'PAST_DUE',
          by: 'schedule',
          periodEnd: locked.currentPeriodEnd?.toISOString() ?? null,
          graceEndsAt: derived.graceEndsAt.toISOString(),
        },
      });
      return true;
    });
    if (changed) lapsed += 1;
  }
  return lapsed;
}
