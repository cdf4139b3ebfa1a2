import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';

/** What other modules ask about stores: names, existence and status, counts per tenant. */

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

/** What a store's 'Join our rewards' poster needs to know about it: see {@link requireStoreEnrolment}. */
export interface StoreEnrolment {
  id: string;
  name: string;
  active: boolean;
  selfEnrolment: boolean;
}

/**
 * Store `storeId` of this tenant with its status for self-enrolment (docs/product.md 'Online
 * sign-up': the Stores page's join poster): `{ id (as stored), name, active,
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

/**
 * The store `storeId` of tenant `tenantId` when its 'Join our rewards' page takes sign-ups
 * (docs/product.md 'Online sign-up'): it exists, is active and has self-enrolment on.
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
 * The platform dashboard's store figures: all stores of the
 * platform and how many were created in [d30, far) and in [d60, d30).
 */
export async function storeGrowth(db: DbOrTx, d30: Date, d60: Date, far: Date): Promise<{ total: number; new30: number; prev30: number }> {
  const between = (from: Date, to: Date) => sql<number>`count(*) filter (where ${and(gte(stores.createdAt, from), lt(stores.createdAt, to))})::int`;
  const [s] = await db.select({ total: sql<number>`count(*)::int`, new30: between(d30, far), prev30: between(d60, d30) }).from(stores);
  return s;
}

/**
 * The store a referred friend joins at online (docs/product.md 'Rewards'): `preferredId` when it is
 * a joinable store of the tenant (`joinableStore`), else the tenant's oldest active store taking
 * sign-ups; `{ id, name }` or null when none takes them.
 */
export async function joinableStoreOrFirst(db: DbOrTx, tenantId: string, preferredId: string | null): Promise<{ id: string; name: string } | null> {
  const preferred = preferredId ? await joinableStore(db, tenantId, preferredId) : null;
  if (preferred) return { id: preferred.id, name: preferred.name };
  const [first] = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.active, true), eq(stores.selfEnrolment, true)))
    .orderBy(asc(stores.createdAt), asc(stores.id))
    .limit(1);
  return first ?? null;
}
