import type { BillingPlan, BillingPlanListResponse, UsageResponse } from '@loyalty/contract';
import { cardLimit } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { TenantContext } from '../../context.ts';
import { utcMonthStart } from '../../lib/time.ts';
import { cardCounts } from '../cards/views.ts';
import { countStores } from '../stores/index.ts';
import { findPlan, listActivePlanRows, type PlanRow } from '../tenants/index.ts';
import { subscriptionPeriodOf } from '../tenants/index.ts';
import { ledgerRowsBetween } from '../ledger/views.ts';
import { activeStaffCount } from '../users/views.ts';

/** The Billing page's plan list and usage figures. */

/** A plans row → the Billing page's BillingPlan (priceMonthly in cents; limits −1 unlimited). */
function toPlan(p: PlanRow): BillingPlan {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    priceMonthly: p.priceMonthlyCents,
    billingPeriod: p.billingPeriod,
    stripePriceId: p.stripePriceId,
    features: p.features,
    limits: p.limits,
  };
}

/**
 * GET /api/t/{slug}/billing/plans: the active plans in
 * their sort order (then price), `priceMonthly` in cents, limits −1 unlimited.
 */
export async function listActivePlans(db: DbOrTx): Promise<BillingPlanListResponse> {
  return { plans: (await listActivePlanRows(db)).map(toPlan) };
}

/**
 * GET /api/t/{slug}/billing/usage, at `now`:
 * - cardsUsed: all the tenant's cards (the quota counts every card); cardsLimit: the plan's
 *   `limits.cards` when ACTIVE, else `freeTrialLimit` (the same figure as GET /tenant).
 * - storesUsed: active stores; staffUsed: active tenant_admin and cashier users; their limits
 *   are the plan's (−1 without a plan: the trial is bounded by cards only, as in tenants
 *   `planLimitsOf`).
 * - transactionsUsed: ledger rows created in the period; the period is the subscription's
 *   current one when the tenant has it, else the current calendar month in UTC ('This Month').
 * Period bounds are ISO-8601 strings.
 */
export async function getUsage(db: DbOrTx, t: TenantContext, now: Date): Promise<UsageResponse> {
  const [period, counts] = await Promise.all([subscriptionPeriodOf(db, t.id), cardCounts(db, t.id)]);
  const start = period?.start && period?.end ? period.start : utcMonthStart(now);
  const end = period?.start && period?.end ? period.end : utcMonthStart(now, 1);
  const [plan, storesUsed, staffUsed, transactionsUsed] = await Promise.all([
    t.planId ? findPlan(db, t.planId) : Promise.resolve(null),
    countStores(db, t.id, true),
    activeStaffCount(db, t.id),
    ledgerRowsBetween(db, t.id, start, end),
  ]);
  return {
    usage: {
      cardsUsed: counts.total,
      cardsLimit: cardLimit(t, plan ? plan.limits.cards : null),
      storesUsed,
      storesLimit: plan ? plan.limits.stores : -1,
      staffUsed,
      staffLimit: plan ? plan.limits.staff : -1,
      transactionsUsed,
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: end.toISOString(),
    },
  };
}
