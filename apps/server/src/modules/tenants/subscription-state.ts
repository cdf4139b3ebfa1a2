import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import type { TenantAccount } from './lock-tenant.ts';

/** The subscription state on the tenant row (ADR 0021): provider ids, paid periods, status and grace, purchased cards. Writes run in the caller's transaction with the tenant row locked. */

/**
 * Stores `customerId` as the tenant's provider customer unless it already has one (two
 * requests creating a customer at once: the first stored wins) and returns the one stored:
 * ours when we stored it, the other request's otherwise, `customerId` when the row is gone.
 * Used by the Stripe adapter through the callback wired in app.ts.
 */
export async function claimProviderCustomerId(db: DbOrTx, tenantId: string, customerId: string): Promise<string> {
  const [stored] = await db
    .update(tenants)
    .set({ providerCustomerId: customerId })
    .where(and(eq(tenants.id, tenantId), isNull(tenants.providerCustomerId)))
    .returning({ id: tenants.providerCustomerId });
  if (stored?.id) return stored.id;
  const [row] = await db.select({ id: tenants.providerCustomerId }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.id ?? customerId;
}

/**
 * A new provider subscription becomes the tenant's (a pending Stripe subscribe that opened one,
 * or the first subscription a webhook names for a tenant that had none), in `tx` with the
 * tenant row locked by the caller: its id is stored and the facts kept about the previous
 * subscription (paid period, end, unpaid period; ADR 0021) are cleared, so the new one's
 * events are compared only with each other. Status, plan and grace stay until the new
 * subscription's own events change them.
 */
export async function setProviderSubscriptionId(tx: Tx, tenantId: string, subscriptionId: string): Promise<void> {
  await tx
    .update(tenants)
    .set({ providerSubscriptionId: subscriptionId, currentPeriodStart: null, currentPeriodEnd: null, subscriptionEndedAt: null, unpaidPeriodEnd: null })
    .where(eq(tenants.id, tenantId));
}

/**
 * A paid subscription period (docs/product.md 'Payments'): the tenant becomes ACTIVE on
 * `planId`, its grace period is cleared and the provider's subscription id and the period
 * `[periodStart, periodEnd)` are stored; it is a subscription of its own (the Demo provider
 * opens one per subscribe), so no end or unpaid period of it is known yet. In `tx`, with the
 * tenant row locked by the caller.
 */
export async function activateSubscription(
  tx: Tx,
  tenantId: string,
  period: { planId: string; subscriptionId: string; periodStart: Date; periodEnd: Date },
): Promise<void> {
  await tx
    .update(tenants)
    .set({
      subscriptionStatus: 'ACTIVE',
      planId: period.planId,
      graceEndsAt: null,
      providerSubscriptionId: period.subscriptionId,
      currentPeriodStart: period.periodStart,
      currentPeriodEnd: period.periodEnd,
      subscriptionEndedAt: null,
      unpaidPeriodEnd: null,
    })
    .where(eq(tenants.id, tenantId));
}

/** The subscription columns of the tenant row that the provider's events change (ADR 0021). */
export type SubscriptionStatePatch = Partial<
  Pick<TenantAccount, 'subscriptionStatus' | 'graceEndsAt' | 'planId' | 'currentPeriodStart' | 'currentPeriodEnd' | 'subscriptionEndedAt' | 'unpaidPeriodEnd'>
>;

/** Writes `patch` to the tenant's subscription columns, in `tx` with the tenant row locked by the caller; an empty patch writes nothing. */
export async function updateSubscriptionState(tx: Tx, tenantId: string, patch: SubscriptionStatePatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.update(tenants).set(patch).where(eq(tenants.id, tenantId));
}

/**
 * Ids of the ACTIVE tenants whose paid period (currentPeriodEnd) ended before `cutoff`, oldest
 * first (no lock: the caller locks each one and checks again). Tenants without a period are
 * not listed.
 */
export async function activeTenantsWithPeriodEndedBefore(db: DbOrTx, cutoff: Date): Promise<string[]> {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.subscriptionStatus, 'ACTIVE'), lt(tenants.currentPeriodEnd, cutoff)))
    .orderBy(tenants.currentPeriodEnd);
  return rows.map((r) => r.id);
}

/**
 * Adds `quantity` cards bought through a paid card order to the tenant's quota
 * (docs/product.md 'Card orders'), in `tx` with the tenant row locked by the caller. A negative
 * `quantity` takes them back (a refunded order), never below 0.
 */
export async function addPurchasedCards(tx: Tx, tenantId: string, quantity: number): Promise<void> {
  await tx
    .update(tenants)
    .set({ purchasedCards: quantity >= 0 ? sql`${tenants.purchasedCards} + ${quantity}` : sql`greatest(0, ${tenants.purchasedCards} - ${-quantity})` })
    .where(eq(tenants.id, tenantId));
}
