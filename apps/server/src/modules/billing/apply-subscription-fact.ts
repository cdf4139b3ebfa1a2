import type { SubscriptionStatus } from '@loyalty/contract';
import { isNewerPaidPeriod, laterDate, subscriptionStatusFromFacts } from '@loyalty/domain';
import type { Tx } from '../../db/client.ts';
import { writeAudit } from '../audit/index.ts';
import { setProviderSubscriptionId, updateSubscriptionState, type SubscriptionStatePatch, type TenantAccount } from '../tenants/index.ts';
import { type PaidPeriodResult, recordPaidInvoice } from './record-paid-period.ts';
import { recordSubscriptionEvent } from './records.ts';

/**
 * One fact about a tenant's provider subscription, read from one provider event (ADR 0021):
 * - 'paid': an invoice of the subscription was paid; `planId` is the plan of the price it
 *   charged, `paid` its period, amount (cents) and ids;
 * - 'unpaid': the provider reported the period ending at `periodEnd` unpaid (a failed invoice,
 *   a past_due or unpaid subscription);
 * - 'ended': the subscription ended at `endedAt` (deleted, or canceled at the provider).
 */
export type SubscriptionFact =
  | { kind: 'paid'; subscriptionId: string; planId: string; paid: PaidPeriodResult }
  | { kind: 'unpaid'; subscriptionId: string; periodEnd: Date }
  | { kind: 'ended'; subscriptionId: string; endedAt: Date };

/** What applySubscriptionFact did, and the tenant's status and grace end afterwards. */
export interface AppliedFact {
  /** 'other-subscription': the fact is about a subscription that is not the tenant's (money recorded, state unchanged). */
  outcome: 'applied' | 'other-subscription';
  status: SubscriptionStatus;
  graceEndsAt: Date | null;
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Applies one provider fact to the locked tenant `tenant` (read by `lockTenant` in `tx`) so
 * that the result does not depend on the order in which the provider's events arrive (ADR
 * 0021 'Billing events in any order'):
 * - The tenant's subscription is tenants.provider_subscription_id (stored by subscribe); a
 *   tenant without one adopts the fact's subscription. A fact about another subscription (an
 *   older one, already replaced) changes no state; its paid invoice is still recorded.
 * - 'paid': the payment and the invoice are recorded (the caller has checked that this invoice
 *   is not recorded yet). When its period is newer than the stored one (domain
 *   isNewerPaidPeriod), the tenant's plan becomes the plan of the charged price and its period
 *   that of the invoice, with a subscription_event ('created' for the subscription's first paid
 *   period, 'updated' after it); an older invoice changes neither.
 * - 'unpaid': the latest unpaid period end is kept (tenants.unpaid_period_end).
 * - 'ended': the end is kept (tenants.subscription_ended_at), with a 'canceled'
 *   subscription_event the first time.
 * Then the status and grace are set to what the facts give at `now` (domain
 * subscriptionStatusFromFacts: CANCELED once ended; PAST_DUE with grace GRACE_DAYS after the
 * paid period's end when a later period is unpaid or the paid one ended over
 * RENEWAL_TOLERANCE_MS ago; else ACTIVE); before the first paid period the status is kept.
 * A change of plan or status writes the system's 'subscription.status' audit event.
 * @throws a unique violation (payments.provider_payment_id) for a paid invoice already recorded:
 *   the caller checks paymentRecorded first.
 */
export async function applySubscriptionFact(tx: Tx, tenant: TenantAccount, fact: SubscriptionFact, now: Date): Promise<AppliedFact> {
  let t = tenant;
  if (!t.providerSubscriptionId) {
    await setProviderSubscriptionId(tx, t.id, fact.subscriptionId);
    t = {
      ...t,
      providerSubscriptionId: fact.subscriptionId,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      subscriptionEndedAt: null,
      unpaidPeriodEnd: null,
    };
  }
  if (t.providerSubscriptionId !== fact.subscriptionId) {
    if (fact.kind === 'paid') await recordPaidInvoice(tx, t, fact.planId, fact.paid);
    return { outcome: 'other-subscription', status: t.subscriptionStatus, graceEndsAt: t.graceEndsAt };
  }
  const patch: SubscriptionStatePatch = {};
  const event = (eventType: string, planId: string | null, data: Record<string, unknown>) =>
    recordSubscriptionEvent(tx, {
      tenantId: t.id,
      tenantName: t.name,
      tenantSlug: t.slug,
      planId,
      eventType,
      data: { provider: 'stripe', subscriptionId: fact.subscriptionId, ...data },
    });
  const stored = t.currentPeriodStart && t.currentPeriodEnd ? { start: t.currentPeriodStart, end: t.currentPeriodEnd } : null;
  if (fact.kind === 'paid') {
    await recordPaidInvoice(tx, t, fact.planId, fact.paid);
    if (isNewerPaidPeriod(stored, { start: fact.paid.periodStart, end: fact.paid.periodEnd })) {
      Object.assign(patch, { planId: fact.planId, currentPeriodStart: fact.paid.periodStart, currentPeriodEnd: fact.paid.periodEnd });
      await event(stored ? 'updated' : 'created', fact.planId, {
        fromPlanId: t.planId,
        fromStatus: t.subscriptionStatus,
        amountCents: fact.paid.amountCents,
        invoiceId: fact.paid.providerInvoiceId,
      });
    }
  } else if (fact.kind === 'unpaid') {
    const unpaid = laterDate(t.unpaidPeriodEnd, fact.periodEnd);
    if (!sameTime(unpaid, t.unpaidPeriodEnd)) patch.unpaidPeriodEnd = unpaid;
  } else if (!t.subscriptionEndedAt) {
    patch.subscriptionEndedAt = fact.endedAt;
    await event('canceled', t.planId, { fromStatus: t.subscriptionStatus });
  }
  const facts = {
    paidPeriodEnd: patch.currentPeriodEnd ?? t.currentPeriodEnd,
    endedAt: patch.subscriptionEndedAt ?? t.subscriptionEndedAt,
    unpaidPeriodEnd: patch.unpaidPeriodEnd ?? t.unpaidPeriodEnd,
  };
  const derived = subscriptionStatusFromFacts(facts, now);
  if (derived && (derived.status !== t.subscriptionStatus || !sameTime(derived.graceEndsAt, t.graceEndsAt))) {
    patch.subscriptionStatus = derived.status;
    patch.graceEndsAt = derived.graceEndsAt;
  }
  await updateSubscriptionState(tx, t.id, patch);
  const planChanged = patch.planId !== undefined && patch.planId !== t.planId;
  if (planChanged || patch.subscriptionStatus !== undefined) {
    await auditSubscriptionStatus(
      tx,
      t,
      {
        planId: patch.planId ?? t.planId,
        subscriptionStatus: patch.subscriptionStatus ?? t.subscriptionStatus,
        graceEndsAt: patch.subscriptionStatus ? (patch.graceEndsAt ?? null) : t.graceEndsAt,
      },
      'stripe',
    );
  }
  return {
    outcome: 'applied',
    status: patch.subscriptionStatus ?? t.subscriptionStatus,
    graceEndsAt: patch.subscriptionStatus ? (patch.graceEndsAt ?? null) : t.graceEndsAt,
  };
}

/**
 * The audit event of a subscription state that the system changed, not a person (ADR 0025:
 * the owner's Activity shows it): action 'subscription.status', actor the system (no user, key
 * or address), before and after `{ planId, subscriptionStatus, graceEndsAt }`, and `by` what
 * changed it: 'stripe' (a payment provider's event, ADR 0021) or 'schedule' (the hourly check
 * of paid periods).
 */
export async function auditSubscriptionStatus(
  tx: Tx,
  before: Pick<TenantAccount, 'id' | 'planId' | 'subscriptionStatus' | 'graceEndsAt'>,
  after: { planId: string | null; subscriptionStatus: string; graceEndsAt: Date | null },
  by: 'stripe' | 'schedule',
): Promise<void> {
  await writeAudit(tx, {
    tenantId: before.id,
    userId: null,
    apiKeyId: null,
    ip: null,
    action: 'subscription.status',
    entity: 'tenant',
    entityId: before.id,
    before: { planId: before.planId, subscriptionStatus: before.subscriptionStatus, graceEndsAt: before.graceEndsAt?.toISOString() ?? null },
    after: { planId: after.planId, subscriptionStatus: after.subscriptionStatus, graceEndsAt: after.graceEndsAt?.toISOString() ?? null, by },
  });
}
