import { eq } from 'drizzle-orm';
import type { PlanLimits } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type TenantAccount, lockTenant } from './lock-tenant.ts';

/** The store and staff limits of a tenant's plan, decided under the tenant-row lock (ADR 0005). */

/**
 * The store and staff limits in force for a tenant: the plan's name and limits when the
 * tenant has a plan, both null when it has none (a trial that never subscribed).
 */
export interface TenantLimits {
  planName: string | null;
  limits: PlanLimits | null;
}

/**
 * The store and staff limits of `account` (docs/product.md 'Card quota':
 * plan limits for stores and staff are enforced on create; −1 unlimited). Our decision:
 * - a tenant WITH a plan (`planId` set: ACTIVE, and also PAST_DUE or CANCELED after having
 *   subscribed, or TRIALING on the platform's defaultPlan) is bound by that plan's
 *   `limits.stores` / `limits.staff`. A late payment does not lift the limits of the plan the
 *   tenant chose.
 * - a tenant WITHOUT a plan has no store or staff limit: the trial is bounded by its free card
 *   activations and its end date (docs/product.md 'Card quota'), not by stores or staff.
 * Read it after `lockTenant` in the same transaction, so the check and the insert are atomic.
 */
async function planLimitsOf(db: DbOrTx, account: Pick<TenantAccount, 'planId'>): Promise<TenantLimits> {
  if (!account.planId) return { planName: null, limits: null };
  const [plan] = await db.select({ name: plans.name, limits: plans.limits }).from(plans).where(eq(plans.id, account.planId));
  return plan ? { planName: plan.name, limits: plan.limits } : { planName: null, limits: null };
}

/**
 * Locks the tenant row (`lockTenant`) and returns the store and staff limits in force
 * (`planLimitsOf`): the first step of every store or staff write that may add an active row.
 * @throws AppError 404 'Tenant not found'.
 */
export async function lockTenantLimits(tx: Tx, tenantId: string): Promise<TenantLimits> {
  return planLimitsOf(tx, await lockTenant(tx, tenantId));
}

const NOUNS = { stores: ['store', 'stores'], staff: ['staff member', 'staff members'] } as const;

/**
 * Refuses one more active `resource` ('stores' or 'staff') when the plan's limit is ≥ 0 and
 * `used` (the active rows now, counted by the calling module under the tenant lock) has
 * reached it; −1 or no plan means unlimited. Call it after `lockTenantLimits` in the same
 * transaction (ADR 0005).
 * @throws AppError 403 FORBIDDEN e.g. 'Your Starter plan allows 1 store. Upgrade to add more.'
 *   with details `{ resource, limit, used, planName }`.
 */
export function assertPlanAllowsOneMore(limits: TenantLimits, resource: 'stores' | 'staff', used: number): void {
  const limit = limits.limits?.[resource];
  if (limit === undefined || limit === null || limit < 0 || used < limit) return;
  const [one, many] = NOUNS[resource];
  throw new AppError('FORBIDDEN', `Your ${limits.planName} plan allows ${limit} ${limit === 1 ? one : many}. Upgrade to add more.`, {
    resource,
    limit,
    used,
    planName: limits.planName,
  });
}
