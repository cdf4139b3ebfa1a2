import { and, asc, eq } from 'drizzle-orm';
import { type StoreItem, type StoreListResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';
import { cardCountsByStore } from '../cards/views.ts';
import { ledgerRowsByStore } from '../ledger/views.ts';
import { staffCountsByStore } from '../users/views.ts';

/**
 * Store rows of a tenant (all, or the one `storeId`) as StoreItem (with `selfEnrolment`,
 * ADR 0027), sorted by name then id, each with `_count` of the staff users bound to it, the
 * cards assigned to it and the ledger rows booked to it (counted by the users, cards and
 * ledger modules' views). Four queries in all, whatever the number of stores: no N+1.
 */
export async function storeItems(db: DbOrTx, tenantId: string, storeId?: string): Promise<StoreItem[]> {
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
 * GET /api/t/{slug}/stores: the tenant's stores sorted by name
 * (then id), each with `_count` of the staff users bound to it, the cards assigned to it and
 * the ledger rows booked to it. Four queries in all (the stores and three grouped counts),
 * whatever the number of stores: no N+1. Returns `{ stores }`.
 */
export async function listStores(db: DbOrTx, tenantId: string): Promise<StoreListResponse> {
  return { stores: await storeItems(db, tenantId) };
}
