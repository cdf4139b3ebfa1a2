import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { SELF_ENROLMENT_DAILY_CAP_DEFAULT, type StoreInput, type StoreItem, type StoreListResponse } from '@loyalty/contract';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { writeAudit } from '../audit/service.ts';
import { cardCountsByStore } from '../cards/views.ts';
import { assertPlanAllowsOneMore, lockTenantLimits } from '../tenants/index.ts';
import { ledgerRowsByStore } from '../ledger/views.ts';
import { staffCountsByStore } from '../users/views.ts';

/** Who acts, where: the request's tenant id and the signed-in user's id (written to audit_log). */
export interface StoreActor {
  tenantId: string;
  userId: string;
}

/**
 * Store rows of a tenant (all, or the one `storeId`) as StoreItem (with `selfEnrolment`,
 * issue 16), sorted by name then id, each with `_count` of the staff users bound to it, the
 * cards assigned to it and the ledger rows booked to it (counted by the users, cards and
 * ledger modules' views). Four queries in all, whatever the number of stores: no N+1.
 */
async function storeItems(db: DbOrTx, tenantId: string, storeId?: string): Promise<StoreItem[]> {
  const [rows, u, c, t] = await Promise.all([
    db
      .select()
      .from(stores)
      .where(and(eq(stores.tenantId, tenantId), storeId ? eq(stores.id, storeId) : undefined))
      .orderBy(asc(stores.name), asc(stores.id)),
    staffCountsByStore(db, tenantId, storeId),
    cardCountsByStore(db, tenantId, storeId),
    ledgerRowsByStore(db, tenantId, storeId),
  ]);
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    address: s.address,
    active: s.active,
    selfEnrolment: s.selfEnrolment,
    selfEnrolmentDailyCap: s.selfEnrolmentDailyCap,
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
  const name = await storeNameOf(db, tenantId, storeId);
  if (name === null) throw notFound('Store not found');
  return name;
}

/** The name of store `storeId` of this tenant, or null (unknown or malformed id, another tenant's store, a store since deleted). */
export async function storeNameOf(db: DbOrTx, tenantId: string, storeId: string): Promise<string | null> {
  if (!isUuid(storeId)) return null;
  const [store] = await db
    .select({ name: stores.name })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
  return store?.name ?? null;
}

/** What a store's 'Join our rewards' poster needs to know about it (issue 16): see {@link requireStoreEnrolment}. */
export interface StoreEnrolment {
  id: string;
  name: string;
  active: boolean;
  selfEnrolment: boolean;
}

/**
 * Store `storeId` of this tenant with its status for self-enrolment (issue 16 'Customer
 * self-enrolment': the Stores page's join poster): `{ id (as stored), name, active,
 * selfEnrolment }`. Throws 404 'Store not found' (unknown id, malformed id, another tenant's
 * store). Unlike `joinableStore` it also returns a store that takes no sign-ups, so that the
 * caller can say why (the poster answers 422 for those).
 */
export async function requireStoreEnrolment(db: DbOrTx, tenantId: string, storeId: string): Promise<StoreEnrolment> {
  if (!isUuid(storeId)) throw notFound('Store not found');
  const [store] = await db
    .select({ id: stores.id, name: stores.name, active: stores.active, selfEnrolment: stores.selfEnrolment })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
  if (!store) throw notFound('Store not found');
  return store;
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
 * address optional; decisions.md 'Trial, subscription and quota'; `selfEnrolment` optional,
 * default false, and `selfEnrolmentDailyCap` optional (1–1000), default 50: ADR 0027). In ONE DB transaction: locks the tenant
 * row (ADR 0005), refuses a name another store of the tenant already has (case-insensitive:
 * 409 'A store with this name already exists'), and, when the new store is active (the
 * default), refuses it when the tenant's active stores already fill the plan's
 * `limits.stores` (403 FORBIDDEN 'Your {plan} plan allows {n} store(s). Upgrade to add
 * more.', see tenants `planLimitsOf` for which limit applies). Inserts the store and an audit_log
 * row (action 'store.create', after `{ name, address, active, selfEnrolment, selfEnrolmentDailyCap }`).
 * Returns the StoreItem with `_count` zeros (201 in the route).
 */
export async function createStore(db: Database, actor: StoreActor, input: StoreInput): Promise<StoreItem> {
  const { tenantId } = actor;
  const active = input.active ?? true;
  const selfEnrolment = input.selfEnrolment ?? false;
  const selfEnrolmentDailyCap = input.selfEnrolmentDailyCap ?? SELF_ENROLMENT_DAILY_CAP_DEFAULT;
  return db.transaction(async (tx) => {
    const limits = await lockTenantLimits(tx, tenantId);
    await assertNameFree(tx, tenantId, input.name);
    if (active) assertPlanAllowsOneMore(limits, 'stores', await activeStoreCount(tx, tenantId));
    const [store] = await tx
      .insert(stores)
      .values({ tenantId, name: input.name, address: input.address ?? null, active, selfEnrolment, selfEnrolmentDailyCap })
      .returning();
    await writeAudit(tx, {
      tenantId,
      userId: actor.userId,
      action: 'store.create',
      entity: 'store',
      entityId: store.id,
      before: null,
      after: { name: store.name, address: store.address, active: store.active, selfEnrolment: store.selfEnrolment, selfEnrolmentDailyCap: store.selfEnrolmentDailyCap },
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

/**
 * PUT /api/t/{slug}/stores/{id} (spec §2 'Stores' Edit Store, §5 'Store'). Body StoreInput:
 * `name` replaces the name; `address` replaces the address when present (null or '' clears
 * it, absent keeps it); `active` sets the Active/Inactive badge when present;
 * `selfEnrolment` (issue 16 'Customer self-enrolment') switches the store's 'Join our
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
      selfEnrolment: input.selfEnrolment ?? store.selfEnrolment,
      selfEnrolmentDailyCap: input.selfEnrolmentDailyCap ?? store.selfEnrolmentDailyCap,
    };
    if (next.active && !store.active) assertPlanAllowsOneMore(limits, 'stores', await activeStoreCount(tx, tenantId));
    await tx.update(stores).set(next).where(and(eq(stores.tenantId, tenantId), eq(stores.id, store.id)));
    await writeAudit(tx, {
      tenantId,
      userId: actor.userId,
      action: 'store.update',
      entity: 'store',
      entityId: store.id,
      before: { name: store.name, address: store.address, active: store.active, selfEnrolment: store.selfEnrolment, selfEnrolmentDailyCap: store.selfEnrolmentDailyCap },
      after: next,
    });
    return store.id;
  });
  // Read after commit: storeItems runs its four queries in parallel, which one transaction's
  // connection cannot do (node-postgres queues them and warns).
  const [item] = await storeItems(db, tenantId, updatedId);
  return item;
}

/**
 * The store `storeId` of tenant `tenantId` when its 'Join our rewards' page takes sign-ups
 * (issue 16 'Customer self-enrolment'): it exists, is active and has self-enrolment on.
 * Returns `{ id, name, dailyCap }` (dailyCap: cards its online sign-ups may create per day,
 * ADR 0027), or null (unknown, malformed or another tenant's id; inactive; switched off), which
 * the join page answers with 404.
 */
export async function joinableStore(db: DbOrTx, tenantId: string, storeId: string): Promise<{ id: string; name: string; dailyCap: number } | null> {
  if (!isUuid(storeId)) return null;
  const [store] = await db
    .select({ id: stores.id, name: stores.name, dailyCap: stores.selfEnrolmentDailyCap })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId), eq(stores.active, true), eq(stores.selfEnrolment, true)));
  return store ?? null;
}

/** The id of the tenant's oldest active store (created_at, then id), or null: where the cards of a paid order are placed. */
export async function oldestActiveStoreId(db: DbOrTx, tenantId: string): Promise<string | null> {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.active, true)))
    .orderBy(asc(stores.createdAt), asc(stores.id))
    .limit(1);
  return store?.id ?? null;
}

/** Name of a new tenant's first store (decisions.md 'Trial, subscription and quota'). */
export const MAIN_STORE_NAME = 'Main Store';

/** Inserts a new tenant's first store, 'Main Store' (active, no address), in `tx`; no limit applies to it. Returns its id. */
export async function createMainStore(tx: Tx, tenantId: string): Promise<string> {
  const [store] = await tx.insert(stores).values({ tenantId, name: MAIN_STORE_NAME }).returning({ id: stores.id });
  return store.id;
}

/**
 * The stores' names as a subquery `(tenantId, id, name)` for another module's
 * display join (the session's store name, a card's store, a ledger row's store), joined on
 * both key parts. A plain projection, so PostgreSQL joins it like the table itself.
 */
export function storeNames(db: DbOrTx) {
  return db.select({ tenantId: stores.tenantId, id: stores.id, name: stores.name }).from(stores).as('store_names');
}

/** Store id → name of every store of the tenant (the ledger export's store column). */
export async function storeNameMap(db: DbOrTx, tenantId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.tenantId, tenantId));
  return new Map(rows.map((s) => [s.id, s.name]));
}

/** Number of the tenant's stores; `activeOnly`: only active ones (what the plan's `limits.stores` bounds). */
export async function countStores(db: DbOrTx, tenantId: string, activeOnly = false): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), activeOnly ? eq(stores.active, true) : undefined));
  return Number(row?.n ?? 0);
}

/** Number of stores of each of `tenantIds` (tenant id → count; tenants without stores are absent), one grouped query. */
export async function storeCountsByTenant(db: DbOrTx, tenantIds: readonly string[]): Promise<Map<string, number>> {
  if (!tenantIds.length) return new Map();
  const rows = await db
    .select({ tenantId: stores.tenantId, n: sql<number>`count(*)::int` })
    .from(stores)
    .where(inArray(stores.tenantId, [...tenantIds]))
    .groupBy(stores.tenantId);
  return new Map(rows.map((r) => [r.tenantId, r.n]));
}

/**
 * The platform dashboard's store figures (spec §3 'Platform stats'): all stores of the
 * platform and how many were created in [d30, far) and in [d60, d30).
 */
export async function storeGrowth(db: DbOrTx, d30: Date, d60: Date, far: Date): Promise<{ total: number; new30: number; prev30: number }> {
  const between = (from: Date, to: Date) => sql<number>`count(*) filter (where ${and(gte(stores.createdAt, from), lt(stores.createdAt, to))})::int`;
  const [s] = await db.select({ total: sql<number>`count(*)::int`, new30: between(d30, far), prev30: between(d60, d30) }).from(stores);
  return s;
}
