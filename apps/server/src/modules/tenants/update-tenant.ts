import { eq } from 'drizzle-orm';
import type { SubscriptionStatus } from '@loyalty/contract';
import type { Tx } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import type { TenantAccount } from './lock-tenant.ts';

/** Changes to a tenant row by its admin (time zone, receipts) or the operator (edit, delete), under `lockTenantForChange`. */

/** Stores the tenant's IANA time zone (validated by the caller), in `tx`. */
export async function setTenantTimezone(tx: Tx, tenantId: string, timezone: string): Promise<void> {
  await tx.update(tenants).set({ timezone }).where(eq(tenants.id, tenantId));
}

/** Turns the tenant's e-mail receipts on or off, in `tx`. */
export async function setTenantReceipts(tx: Tx, tenantId: string, enabled: boolean): Promise<void> {
  await tx.update(tenants).set({ receiptsEnabled: enabled }).where(eq(tenants.id, tenantId));
}

/**
 * Locks tenant `tenantId`'s row `FOR UPDATE` (the operator's edit and delete: the row itself
 * changes or goes) and returns it, or null when there is none.
 */
export async function lockTenantForChange(tx: Tx, tenantId: string): Promise<TenantAccount | null> {
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return tenant ?? null;
}

/** The operator's edit: name, subscription status and grace end of a tenant, in `tx`. Returns the updated row. */
export async function updateTenantAccount(
  tx: Tx,
  tenantId: string,
  fields: { name: string; subscriptionStatus: SubscriptionStatus; graceEndsAt: Date | null },
): Promise<TenantAccount> {
  const [after] = await tx.update(tenants).set(fields).where(eq(tenants.id, tenantId)).returning();
  return after;
}

/**
 * Deletes the tenant row in `tx`: every tenant-owned row goes with it through the cascades of
 * the foreign keys (ADR 0002); payments and subscription events keep a detached copy.
 */
export async function deleteTenantRow(tx: Tx, tenantId: string): Promise<void> {
  await tx.delete(tenants).where(eq(tenants.id, tenantId));
}
