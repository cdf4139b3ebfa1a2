import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';

/**
 * Read views of card balances for the liability report (issue 14 'Liability'; ADR 0012: the
 * cards module owns `cards`). Read-only; imports no other module. Money in integer cents.
 */

/** Outstanding balance and the cards holding one, of one store (storeId null: cards without a store). */
export interface StoreBalance {
  storeId: string | null;
  outstandingCents: number;
  cardsWithBalance: number;
}

/** The tenant's card balances > 0 summed per card store, in one grouped pass over its cards. */
export async function balancesByStore(db: DbOrTx, tenantId: string): Promise<StoreBalance[]> {
  const rows = await db
    .select({ storeId: cards.storeId, cents: sql<string>`coalesce(sum(${cards.balanceCents}), 0)`, n: sql<number>`count(*)::int` })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), gt(cards.balanceCents, 0)))
    .groupBy(cards.storeId);
  return rows.map((r) => ({ storeId: r.storeId, outstandingCents: Number(r.cents), cardsWithBalance: Number(r.n) }));
}

/** Σ card balances per tenant (tenant id → cents; tenants without balance are absent), one grouped query over all cards. */
export async function outstandingByTenant(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ tenantId: cards.tenantId, cents: sql<string>`sum(${cards.balanceCents})` })
    .from(cards)
    .where(gt(cards.balanceCents, 0))
    .groupBy(cards.tenantId);
  return new Map(rows.map((r) => [r.tenantId, Number(r.cents)]));
}
