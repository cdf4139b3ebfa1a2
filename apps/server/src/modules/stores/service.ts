import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { StoreListResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cards, stores, transactions, users } from '../../db/schema/index.ts';

/**
 * GET /api/t/{slug}/stores (spec §2 'Stores', §3 'Store'): the tenant's stores sorted by name
 * (then id), each with `_count` of the staff users bound to it, the cards assigned to it and
 * the ledger rows booked to it. Four queries in all (the stores and three grouped counts),
 * whatever the number of stores: no N+1. Returns `{ stores }`.
 */
export async function listStores(db: DbOrTx, tenantId: string): Promise<StoreListResponse> {
  const [rows, userCounts, cardCounts, txCounts] = await Promise.all([
    db.select().from(stores).where(eq(stores.tenantId, tenantId)).orderBy(asc(stores.name), asc(stores.id)),
    db
      .select({ storeId: users.storeId, n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), isNotNull(users.storeId)))
      .groupBy(users.storeId),
    db
      .select({ storeId: cards.storeId, n: sql<number>`count(*)::int` })
      .from(cards)
      .where(and(eq(cards.tenantId, tenantId), isNotNull(cards.storeId)))
      .groupBy(cards.storeId),
    db
      .select({ storeId: transactions.storeId, n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.tenantId, tenantId), isNotNull(transactions.storeId)))
      .groupBy(transactions.storeId),
  ]);
  const byStore = (list: { storeId: string | null; n: number }[]) => new Map(list.map((r) => [r.storeId, Number(r.n)]));
  const u = byStore(userCounts);
  const c = byStore(cardCounts);
  const t = byStore(txCounts);
  return {
    stores: rows.map((s) => ({
      id: s.id,
      name: s.name,
      address: s.address,
      active: s.active,
      createdAt: s.createdAt.toISOString(),
      _count: { users: u.get(s.id) ?? 0, cards: c.get(s.id) ?? 0, transactions: t.get(s.id) ?? 0 },
    })),
  };
}
