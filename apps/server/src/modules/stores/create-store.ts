import { SELF_ENROLMENT_DAILY_CAP_DEFAULT, type StoreInput, type StoreItem } from '@loyalty/contract';
import type { Database, Tx } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertPlanAllowsOneMore, lockTenantLimits } from '../tenants/index.ts';
import { assertNameFree, assertRoomForStore } from './store-checks.ts';
import { countStores } from './lookups.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * POST /api/t/{slug}/stores (the Stores page's Create New Store: name required,
 * address optional; docs/product.md 'Subscription gates'; `selfEnrolment` optional,
 * default false, and `selfEnrolmentDailyCap` optional (1–1000), default 50: ADR 0027). In ONE DB transaction: locks the tenant
 * row (ADR 0005), refuses a name another store of the tenant already has (case-insensitive:
 * 409 'A store with this name already exists'), and, when the new store is active (the
 * default), refuses it when the tenant's active stores already fill the plan's
 * `limits.stores` (403 FORBIDDEN 'Your {plan} plan allows {n} store(s). Upgrade to add
 * more.', see tenants `planLimitsOf` for which limit applies), and refuses a store beyond
 * STORES_PER_BUSINESS_MAX, active or not (422 BUSINESS_RULE 'A business can have at most 1,000
 * stores', ADR 0045). Inserts the store and an audit_log
 * row (action 'store.create', after `{ name, address, active, selfEnrolment, selfEnrolmentDailyCap }`).
 * Returns the StoreItem with `_count` zeros (201 in the route).
 */
export async function createStore(db: Database, ctx: TenantRequestContext, input: StoreInput): Promise<StoreItem> {
  const tenantId = ctx.tenant.id;
  const active = input.active ?? true;
  const selfEnrolment = input.selfEnrolment ?? false;
  const selfEnrolmentDailyCap = input.selfEnrolmentDailyCap ?? SELF_ENROLMENT_DAILY_CAP_DEFAULT;
  return db.transaction(async (tx) => {
    const limits = await lockTenantLimits(tx, tenantId);
    await assertNameFree(tx, tenantId, input.name);
    await assertRoomForStore(tx, tenantId);
    if (active) assertPlanAllowsOneMore(limits, 'stores', await countStores(tx, tenantId, true));
    const [store] = await tx
      .insert(stores)
      .values({ tenantId, name: input.name, address: input.address ?? null, active, selfEnrolment, selfEnrolmentDailyCap })
      .returning();
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'store.create',
      entity: 'store',
      entityId: store.id,
      before: null,
      after: {
        name: store.name,
        address: store.address,
        active: store.active,
        selfEnrolment: store.selfEnrolment,
        selfEnrolmentDailyCap: store.selfEnrolmentDailyCap,
      },
    });
    return {
      id: store.id,
      name: store.name,
      address: store.address,
      active: store.active,
      selfEnrolment: store.selfEnrolment,
      selfEnrolmentDailyCap: store.selfEnrolmentDailyCap,
      createdAt: store.createdAt.toISOString(),
      _count: { users: 0, cards: 0, transactions: 0 },
    };
  });
}

/** Name of a new tenant's first store (docs/product.md 'Subscription gates'). */
const MAIN_STORE_NAME = 'Main Store';

/** Inserts a new tenant's first store, 'Main Store' (active, no address), in `tx`; no limit applies to it. Returns its id. */
export async function createMainStore(tx: Tx, tenantId: string): Promise<string> {
  const [store] = await tx.insert(stores).values({ tenantId, name: MAIN_STORE_NAME }).returning({ id: stores.id });
  return store.id;
}
