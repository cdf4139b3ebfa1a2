import { and, eq } from 'drizzle-orm';
import { type StoreInput, type StoreItem } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertPlanAllowsOneMore, lockTenantLimits } from '../tenants/index.ts';
import { storeItems } from './list-stores.ts';
import { assertNameFree } from './store-checks.ts';
import { countStores } from './lookups.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * PUT /api/t/{slug}/stores/{id} (the Stores page's Edit Store). Body StoreInput:
 * `name` replaces the name; `address` replaces the address when present (null or '' clears
 * it, absent keeps it); `active` sets the Active/Inactive badge when present;
 * `selfEnrolment` (docs/product.md 'Online sign-up') switches the store's 'Join our
 * rewards' page on or off when present, absent keeps it; `selfEnrolmentDailyCap` (1–1000, ADR
 * 0027) likewise. In ONE DB transaction: locks the
 * tenant row (renames and re-activations of one tenant run one at a time, like creates),
 * then the store row. Throws 404 'Store not found' (unknown, malformed
 * or another tenant's id), 409 'A store with this name already exists', 403 FORBIDDEN with
 * the plan text when an inactive store is re-activated while the active stores fill the
 * plan's limit (the limit bounds active stores, so deactivate-create-reactivate cannot get
 * round it). Writes an audit_log row (action 'store.update', before and after
 * `{ name, address, active, selfEnrolment, selfEnrolmentDailyCap }`). Returns the StoreItem with its counts.
 */
export async function updateStore(db: Database, ctx: TenantRequestContext, storeId: string, input: StoreInput): Promise<StoreItem> {
  const tenantId = ctx.tenant.id;
  if (!isUuid(storeId)) throw notFound('Store not found');
  const updatedId = await db.transaction(async (tx) => {
    const limits = await lockTenantLimits(tx, tenantId);
    const [store] = await tx
      .select()
      .from(stores)
      .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)))
      .for('update');
    if (!store) throw notFound('Store not found');
    await assertNameFree(tx, tenantId, input.name, store.id);
    const next = {
      name: input.name,
      address: input.address === undefined ? store.address : input.address,
      active: input.active ?? store.active,
      selfEnrolment: input.selfEnrolment ?? store.selfEnrolment,
      selfEnrolmentDailyCap: input.selfEnrolmentDailyCap ?? store.selfEnrolmentDailyCap,
    };
    if (next.active && !store.active) assertPlanAllowsOneMore(limits, 'stores', await countStores(tx, tenantId, true));
    await tx
      .update(stores)
      .set(next)
      .where(and(eq(stores.tenantId, tenantId), eq(stores.id, store.id)));
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'store.update',
      entity: 'store',
      entityId: store.id,
      before: {
        name: store.name,
        address: store.address,
        active: store.active,
        selfEnrolment: store.selfEnrolment,
        selfEnrolmentDailyCap: store.selfEnrolmentDailyCap,
      },
      after: next,
    });
    return store.id;
  });
  // Read after commit: storeItems runs its four queries in parallel, which one transaction's
  // connection cannot do (node-postgres queues them and warns).
  const [item] = await storeItems(db, tenantId, updatedId);
  return item;
}
