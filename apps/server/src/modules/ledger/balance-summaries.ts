import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { cardBalanceDeltas, cardBalanceTotals, NO_STORE_ID } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * Card balances for the liability report (docs/product.md 'Reports'; ADR 0028: the ledger owns the
 * card balances and their summary). Figures come from `card_balance_totals` + `card_balance_deltas`,
 * which triggers on `cards` keep equal to Σ balance_cents and count(balance_cents > 0) per
 * (tenant, store) (migration 0013, ADR 0016), so a read costs the number of stores plus the
 * deltas since the last compaction, never the number of cards. Money in integer cents.
 */

/** Outstanding balance and the cards holding one, of one store (storeId null: cards without a store). */
export interface StoreBalance {
  storeId: string | null;
  outstandingCents: number;
  cardsWithBalance: number;
}

/** totals ∪ deltas of the card summary as one relation (tenant_id, store_id, balance_cents, cards_with_balance), optionally of one tenant. */
function summaryRows(tenantId?: string) {
  const where = tenantId ? sql`where tenant_id = ${tenantId}` : sql``;
  return sql`(select tenant_id, store_id, balance_cents, cards_with_balance from ${cardBalanceTotals} ${where}
    union all select tenant_id, store_id, balance_cents, cards_with_balance from ${cardBalanceDeltas} ${where}) s`;
}

/** The tenant's Σ card balances > 0 and the cards holding one, per card store (stores without either are absent). One statement, one snapshot. */
export async function balancesByStore(db: DbOrTx, tenantId: string): Promise<StoreBalance[]> {
  const rows = rowsOf<{ store_id: string; cents: string; n: string }>(
    await db.execute(sql`select store_id, sum(balance_cents) as cents, sum(cards_with_balance) as n from ${summaryRows(tenantId)}
      group by store_id having sum(balance_cents) <> 0 or sum(cards_with_balance) <> 0`),
  );
  return rows.map((r) => ({ storeId: r.store_id === NO_STORE_ID ? null : r.store_id, outstandingCents: Number(r.cents), cardsWithBalance: Number(r.n) }));
}

/** Σ card balances per tenant (tenant id → cents; tenants without balance are absent), from the summary of every tenant. */
export async function outstandingByTenant(db: DbOrTx): Promise<Map<string, number>> {
  const rows = rowsOf<{ tenant_id: string; cents: string }>(
    await db.execute(sql`select tenant_id, sum(balance_cents) as cents from ${summaryRows()} group by tenant_id having sum(balance_cents) <> 0`),
  );
  return new Map(rows.map((r) => [r.tenant_id, Number(r.cents)]));
}

/**
 * Folds the tenant's `card_balance_deltas` into `card_balance_totals` (ADR 0016) in one DB
 * transaction: the deltas are deleted and their sums added to the totals in ONE statement, so
 * every reader sees either the deltas or the totals that include them. Serialised per tenant by
 * a transaction-scoped advisory lock taken with try: when another compaction holds it, this
 * one returns at once (nothing is lost, the other folds or the next one will). Returns the
 * number of deltas folded. Movements only insert deltas, so they never wait on a compaction.
 */
export async function compactCardBalances(db: Database, tenantId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${`card-balance-totals:${tenantId}`}, 0)) as ok`),
    );
    if (!lock?.ok) return 0;
    const [r] = rowsOf<{ n: string }>(
      await tx.execute(sql`with moved as (delete from ${cardBalanceDeltas} where tenant_id = ${tenantId} returning store_id, balance_cents, cards_with_balance),
        folded as (
          insert into ${cardBalanceTotals} as t (tenant_id, store_id, balance_cents, cards_with_balance)
          select ${tenantId}::uuid, store_id, sum(balance_cents), sum(cards_with_balance) from moved group by store_id order by store_id
          on conflict (tenant_id, store_id) do update
            set balance_cents = t.balance_cents + excluded.balance_cents, cards_with_balance = t.cards_with_balance + excluded.cards_with_balance
          returning 1)
        select (select count(*) from moved) as n`),
    );
    return Number(r?.n ?? 0);
  });
}

/** The tenants that have card-balance deltas waiting to be folded (the hourly job compacts each). */
export async function tenantsWithCardBalanceDeltas(db: DbOrTx): Promise<string[]> {
  return rowsOf<{ tenant_id: string }>(await db.execute(sql`select distinct tenant_id from ${cardBalanceDeltas}`)).map((r) => r.tenant_id);
}
