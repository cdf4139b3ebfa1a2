import { and, asc, eq, isNotNull, ne, sql, type Column } from 'drizzle-orm';
import type { StoreInput, StoreItem, StoreListResponse } from '@loyalty/contract';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { auditLog, cards, plans, stores, tenants, transactions, users, type PlanLimits } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';

/** True when `id` has the shape of a UUID (any version): other ids answer 404 without a query. */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** Who acts, where: the request's tenant id and the signed-in user's id (written to audit_log). */
export interface StoreActor {
  tenantId: string;
  userId: string;
}

/**
 * The store and staff limits in force for a tenant: the plan's name and limits when the
 * tenant has a plan, `null` when it has none (a trial that never subscribed).
 */
export interface TenantLimits {
  planName: string | null;
  limits: PlanLimits | null;
}

/**
 * Locks the tenant row `SELECT … FOR NO KEY UPDATE` inside `tx` (ADR 0005: every use case of
 * one tenant that spends an allowance runs one at a time, so two parallel creates never both
 * see the last free slot) and returns the limits in force.
 *
 * Which limits apply (decisions.md 'Trial, subscription and quota': plan limits for stores
 * and staff are enforced on create; −1 unlimited). Our decision:
 * - a tenant WITH a plan (`planId` set: ACTIVE, and also PAST_DUE or CANCELED after having
 *   subscribed) is bound by that plan's `limits.stores` / `limits.staff`. A late payment
 *   does not lift the limits of the plan the tenant chose.
 * - a tenant WITHOUT a plan (TRIALING or NONE: signup never picks one) has no store or staff
 *   limit. The trial is bounded by its free card activations and its end date (spec §4
 *   'activation limits'), not by stores or staff; applying the Starter plan (1 store) would
 *   lock the seeded demo tenant, which has two stores, out of its own Stores page.
 * Throws 404 'Tenant not found' when the tenant row is gone.
 */
export async function lockTenantLimits(tx: Tx, tenantId: string): Promise<TenantLimits> {
  const [tenant] = await tx.select({ planId: tenants.planId }).from(tenants).where(eq(tenants.id, tenantId)).for('no key update');
  if (!tenant) throw notFound('Tenant not found');
  if (!tenant.planId) return { planName: null, limits: null };
  const [plan] = await tx.select({ name: plans.name, limits: plans.limits }).from(plans).where(eq(plans.id, tenant.planId));
  return plan ? { planName: plan.name, limits: plan.limits } : { planName: null, limits: null };
}

const NOUNS = { stores: ['store', 'stores'], staff: ['staff member', 'staff members'] } as const;

/**
 * 403 FORBIDDEN unless one more active `resource` ('stores' or 'staff') fits the plan:
 * refused when the plan's limit is ≥ 0 and `used` (active rows now) ≥ limit; −1 or no plan
 * means unlimited. Message e.g. 'Your Starter plan allows 1 store. Upgrade to add more.';
 * details `{ resource, limit, used, planName }`. Call it after `lockTenantLimits` in the same
 * transaction (decisions.md 'Trial, subscription and quota', ADR 0005).
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

/**
 * Store rows of a tenant (all, or the one `storeId`) as StoreItem, sorted by name then id,
 * each with `_count` of the staff users bound to it, the cards assigned to it and the ledger
 * rows booked to it. Four queries in all, whatever the number of stores: no N+1.
 */
async function storeItems(db: DbOrTx, tenantId: string, storeId?: string): Promise<StoreItem[]> {
  const only = (col: Column) => (storeId ? eq(col, storeId) : undefined);
  const [rows, userCounts, cardCounts, txCounts] = await Promise.all([
    db
      .select()
      .from(stores)
      .where(and(eq(stores.tenantId, tenantId), only(stores.id)))
      .orderBy(asc(stores.name), asc(stores.id)),
    db
      .select({ storeId: users.storeId, n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), isNotNull(users.storeId), only(users.storeId)))
      .groupBy(users.storeId),
    db
      .select({ storeId: cards.storeId, n: sql<number>`count(*)::int` })
      .from(cards)
      .where(and(eq(cards.tenantId, tenantId), isNotNull(cards.storeId), only(cards.storeId)))
      .groupBy(cards.storeId),
    db
      .select({ storeId: transactions.storeId, n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.tenantId, tenantId), isNotNull(transactions.storeId), only(transactions.storeId)))
      .groupBy(transactions.storeId),
  ]);
  const byStore = (list: { storeId: string | null; n: number }[]) => new Map(list.map((r) => [r.storeId, Number(r.n)]));
  const u = byStore(userCounts);
  const c = byStore(cardCounts);
  const t = byStore(txCounts);
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    address: s.address,
    active: s.active,
    createdAt: s.createdAt.toISOString(),
    _count: { users: u.get(s.id) ?? 0, cards: c.get(s.id) ?? 0, transactions: t.get(s.id) ?? 0 },
  }));
}

/**
 * GET /api/t/{slug}/stores (spec §2 'Stores', §3 'Store'): the tenant's stores sorted by name
 * (then id), each with `_count` of the staff users bound to it, the cards assigned to it and
 * the ledger rows booked to it. Four queries in all (the stores and three grouped counts),
 * whatever the number of stores: no N+1. Returns `{ stores }`.
 */
export async function listStores(db: DbOrTx, tenantId: string): Promise<StoreListResponse> {
  return { stores: await storeItems(db, tenantId) };
}

/**
 * The name of store `storeId` of this tenant, or throws 404 'Store not found' (unknown id,
 * malformed id, another tenant's store). For other modules (staff) that bind rows to a store.
 */
export async function requireStoreName(db: DbOrTx, tenantId: string, storeId: string): Promise<string> {
  if (!isUuid(storeId)) throw notFound('Store not found');
  const [store] = await db
    .select({ name: stores.name })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
  if (!store) throw notFound('Store not found');
  return store.name;
}

/** 409 text when a store name is taken within the tenant (our decision: names tell stores apart at the till). */
export const DUPLICATE_STORE_NAME = 'A store with this name already exists';

/** 409 DUPLICATE_STORE_NAME when another store of the tenant has `name` (case-insensitive), other than `exceptId`. */
async function assertNameFree(tx: Tx, tenantId: string, name: string, exceptId?: string): Promise<void> {
  const [dup] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), sql`lower(${stores.name}) = lower(${name})`, exceptId ? ne(stores.id, exceptId) : undefined))
    .limit(1);
  if (dup) throw conflict(DUPLICATE_STORE_NAME, [{ field: 'body.name', message: DUPLICATE_STORE_NAME }]);
}

/** Number of ACTIVE stores of the tenant: what the plan's `limits.stores` bounds. */
async function activeStoreCount(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.active, true)));
  return Number(row.n);
}

/**
 * POST /api/t/{slug}/stores (spec §2 'Stores' Create New Store, §5 'Store': name required,
 * address optional; decisions.md 'Trial, subscription and quota'). In ONE DB transaction:
 * locks the tenant row (ADR 0005), refuses a name another store of the tenant already has
 * (case-insensitive: 409 'A store with this name already exists'), and, when the new store
 * is active (the default), refuses it when the tenant's active stores already fill the plan's
 * `limits.stores` (403 FORBIDDEN 'Your {plan} plan allows {n} store(s). Upgrade to add
 * more.', see `lockTenantLimits` for which limit applies). Inserts the store and an audit_log
 * row (action 'store.create', after `{ name, address, active }`).
 * Returns the StoreItem with `_count` zeros (201 in the route).
 */
export async function createStore(db: Database, actor: StoreActor, input: StoreInput): Promise<StoreItem> {
  const { tenantId } = actor;
  const active = input.active ?? true;
  return db.transaction(async (tx) => {
    const limits = await lockTenantLimits(tx, tenantId);
    await assertNameFree(tx, tenantId, input.name);
    if (active) assertPlanAllowsOneMore(limits, 'stores', await activeStoreCount(tx, tenantId));
    const [store] = await tx
      .insert(stores)
      .values({ tenantId, name: input.name, address: input.address ?? null, active })
      .returning();
    await tx.insert(auditLog).values({
      tenantId,
      userId: actor.userId,
      action: 'store.create',
      entity: 'store',
      entityId: store.id,
      before: null,
      after: { name: store.name, address: store.address, active: store.active },
    });
    return {
      id: store.id,
      name: store.name,
      address: store.address,
      active: store.active,
      createdAt: store.createdAt.toISOString(),
      _count: { users: 0, cards: 0, transactions: 0 },
    };
  });
}

/**
 * PUT /api/t/{slug}/stores/{id} (spec §2 'Stores' Edit Store, §5 'Store'). Body StoreInput:
 * `name` replaces the name; `address` replaces the address when present (null or '' clears
 * it, absent keeps it); `active` sets the Active/Inactive badge when present. In ONE DB
 * transaction: locks the tenant row (renames and re-activations of one tenant run one at a
 * time, like creates), then the store row. Throws 404 'Store not found' (unknown, malformed
 * or another tenant's id), 409 'A store with this name already exists', 403 FORBIDDEN with
 * the plan text when an inactive store is re-activated while the active stores fill the
 * plan's limit (the limit bounds active stores, so deactivate-create-reactivate cannot get
 * round it). Writes an audit_log row (action 'store.update', before and after
 * `{ name, address, active }`). Returns the StoreItem with its counts.
 */
export async function updateStore(db: Database, actor: StoreActor, storeId: string, input: StoreInput): Promise<StoreItem> {
  const { tenantId } = actor;
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
    };
    if (next.active && !store.active) assertPlanAllowsOneMore(limits, 'stores', await activeStoreCount(tx, tenantId));
    await tx.update(stores).set(next).where(and(eq(stores.tenantId, tenantId), eq(stores.id, store.id)));
    await tx.insert(auditLog).values({
      tenantId,
      userId: actor.userId,
      action: 'store.update',
      entity: 'store',
      entityId: store.id,
      before: { name: store.name, address: store.address, active: store.active },
      after: next,
    });
    return store.id;
  });
  // Read after commit: storeItems runs its four queries in parallel, which one transaction's
  // connection cannot do (node-postgres queues them and warns).
  const [item] = await storeItems(db, tenantId, updatedId);
  return item;
}
