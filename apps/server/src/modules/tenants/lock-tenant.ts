import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

/** The tenant row and its lock (ADR 0005): what every allowance-spending or billing write of one tenant takes first. */

/** A tenants row: the account as stored (timestamps as Dates, status typed by the contract). */
export type TenantAccount = typeof tenants.$inferSelect;

/**
 * Locks tenant `tenantId`'s row `SELECT … FOR NO KEY UPDATE` inside `tx` and returns it
 * (ADR 0005). Every use case of one tenant that spends an allowance (card batch, card
 * activation, store and staff creates and re-activations) or writes billing state (payment
 * methods, subscribe, paid periods, card-order checkouts and cancellations, webhook events)
 * takes this lock first, so they run one after the other for that tenant and none of them
 * acts on a stale count or status; other tenants are untouched. NO KEY UPDATE, not UPDATE:
 * the foreign-key checks of concurrent POS inserts take KEY SHARE on the tenant row and must
 * not wait for a running batch. Calling it again in the same transaction is harmless.
 * @throws AppError 404 'Tenant not found' when the row is gone.
 */
export async function lockTenant(tx: Tx, tenantId: string): Promise<TenantAccount> {
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
  if (!tenant) throw notFound('Tenant not found');
  return tenant;
}
