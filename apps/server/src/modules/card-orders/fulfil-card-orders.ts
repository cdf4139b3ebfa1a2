import { and, desc, eq } from 'drizzle-orm';
import type { CardOrderStatus } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/index.ts';
import { tenantLabels } from '../tenants/index.ts';

/** The operator's fulfilment of every tenant's card orders: the list, the lock and the status step. */

/** A card order with its tenant's id, name and slug (the operator's list). */
export interface CardOrderWithTenant {
  order: typeof cardOrders.$inferSelect;
  tenant: { id: string; name: string; slug: string };
}

/** The `limit` newest card orders of every tenant (created_at desc, id desc), only those with `status` when given, each with its tenant. */
export async function listAllCardOrders(db: DbOrTx, limit: number, status?: CardOrderStatus): Promise<CardOrderWithTenant[]> {
  const tl = tenantLabels(db);
  return db
    .select({ order: cardOrders, tenant: { id: tl.id, name: tl.name, slug: tl.slug } })
    .from(cardOrders)
    .innerJoin(tl, eq(tl.id, cardOrders.tenantId))
    .where(status ? eq(cardOrders.status, status) : undefined)
    .orderBy(desc(cardOrders.createdAt), desc(cardOrders.id))
    .limit(limit);
}

/** Locks card order `orderId` (of any tenant: the operator's fulfilment) `FOR UPDATE` in `tx` and returns it, or null. */
export async function lockAnyCardOrder(tx: Tx, orderId: string): Promise<typeof cardOrders.$inferSelect | null> {
  const [row] = await tx.select().from(cardOrders).where(eq(cardOrders.id, orderId)).for('update');
  return row ?? null;
}

/** Sets the status of the tenant's card order `orderId` in `tx` (the operator's fulfilment step) and returns the updated row. */
export async function setCardOrderStatus(tx: Tx, tenantId: string, orderId: string, status: CardOrderStatus): Promise<typeof cardOrders.$inferSelect> {
  const [updated] = await tx
    .update(cardOrders)
    .set({ status })
    .where(and(eq(cardOrders.tenantId, tenantId), eq(cardOrders.id, orderId)))
    .returning();
  return updated;
}
