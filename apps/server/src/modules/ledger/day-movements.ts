import { sql } from 'drizzle-orm';
import type { TransactionType } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';

/** The ledger rows of one local day grouped by store, who made them and type: the end-of-day report's figures (docs/product.md 'Reports'). */

/** One group of a day's ledger rows: its store, its actor (user, API key or neither), its type, the row count and its sums (cents). */
export interface DayMovementGroup {
  storeId: string | null;
  userId: string | null;
  apiKeyId: string | null;
  type: TransactionType;
  count: number;
  amountCents: number;
  cashbackCents: number;
  unrecoveredCents: number;
  /** Σ after − before: the balance change of the group's rows. */
  deltaCents: number;
}

/**
 * The tenant's ledger rows of local day `date` (YYYY-MM-DD in `timezone`: [00:00, next 00:00) by
 * PostgreSQL's zone maths), optionally of store `storeId` only, grouped by (store, user, API key,
 * type) with their counts and sums. One range scan of transactions_tenant_created_idx.
 */
export async function dayMovements(db: DbOrTx, tenantId: string, date: string, timezone: string, storeId: string | null): Promise<DayMovementGroup[]> {
  const rows = rowsOf<{
    store_id: string | null;
    user_id: string | null;
    api_key_id: string | null;
    type: TransactionType;
    n: number;
    amount: string | number;
    cashback: string | number;
    unrecovered: string | number;
    delta: string | number;
  }>(
    await db.execute(sql`select store_id, user_id, api_key_id, type, count(*)::int as n, sum(amount_cents) as amount, sum(cashback_cents) as cashback,
        sum(unrecovered_cents) as unrecovered, sum(after_balance_cents - before_balance_cents) as delta
      from ${transactions}
      where tenant_id = ${tenantId}
        and created_at >= (${date}::date)::timestamp at time zone ${timezone}
        and created_at < (${date}::date + 1)::timestamp at time zone ${timezone}
        ${storeId ? sql`and store_id = ${storeId}` : sql``}
      group by 1, 2, 3, 4`),
  );
  return rows.map((r) => ({
    storeId: r.store_id,
    userId: r.user_id,
    apiKeyId: r.api_key_id,
    type: r.type,
    count: r.n,
    amountCents: Number(r.amount),
    cashbackCents: Number(r.cashback),
    unrecoveredCents: Number(r.unrecovered),
    deltaCents: Number(r.delta),
  }));
}
