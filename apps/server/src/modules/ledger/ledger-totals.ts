import { sql, type SQL } from 'drizzle-orm';
import type { Category, TransactionType } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { ledgerDailyTotals, ledgerRollupState, transactions } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * Ledger totals from the daily rollup plus a live tail (docs/decisions/0006), owned by the
 * ledger (the ledger module: `ledger_daily_totals` and `ledger_rollup_state` are derived
 * from `transactions`, ADR 0012); the reports module reads them through this file. The ledger is
 * append-only (docs/product.md 'Money'), so a closed UTC day never changes:
 * `ledger_daily_totals` holds one row per (tenant, day, store, type, category) for every day
 * before the tenant's `ledger_rollup_state.rolled_until`; rows from that day on are counted
 * live from `transactions` (at most about a day and the safety margin).
 */

/**
 * A day is rolled up only once this long after its UTC midnight: a POS transaction stamps
 * `created_at` when it starts and becomes visible when it commits, so a row of 23:59:59 may
 * appear a little after midnight. One hour is far beyond any POS transaction.
 */
export const ROLLUP_MARGIN_MS = 60 * 60 * 1000;

/** The UTC day (YYYY-MM-DD) up to which (exclusive) days are closed at `now`, margin included. */
export function rollupTarget(now: Date): string {
  return new Date(now.getTime() - ROLLUP_MARGIN_MS).toISOString().slice(0, 10);
}

/**
 * Brings the tenant's rollup up to `rollupTarget(now)` when it is behind: in one DB
 * transaction, locks the tenant's state row (`FOR UPDATE SKIP LOCKED`: when another request
 * is already rolling up, this one returns at once and its readers use the older, still
 * consistent rollup), deletes the rollup rows from `rolled_until` on, aggregates the ledger
 * rows of [rolled_until, target) and moves `rolled_until` to target. A fresh tenant costs one
 * primary-key lookup. The first call on a large tenant aggregates its whole ledger once.
 */
export async function ensureRollup(db: Database, tenantId: string, now: Date): Promise<void> {
  const target = rollupTarget(now);
  const [fresh] = rowsOf<{ fresh: boolean }>(
    await db.execute(sql`select rolled_until >= ${target}::date as fresh from ${ledgerRollupState} where tenant_id = ${tenantId}`),
  );
  if (fresh?.fresh) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into ${ledgerRollupState} (tenant_id, rolled_until) values (${tenantId}, '-infinity') on conflict (tenant_id) do nothing`);
    const [state] = rowsOf<{ stale: boolean }>(
      await tx.execute(sql`select rolled_until < ${target}::date as stale from ${ledgerRollupState} where tenant_id = ${tenantId} for update skip locked`),
    );
    if (!state?.stale) return;
    await tx.execute(sql`delete from ${ledgerDailyTotals} where tenant_id = ${tenantId}
      and day >= (select rolled_until from ${ledgerRollupState} where tenant_id = ${tenantId})`);
    await tx.execute(sql`insert into ${ledgerDailyTotals} (tenant_id, day, store_id, type, category, tx_count, amount_cents, cashback_cents)
      select tenant_id, (created_at at time zone 'UTC')::date, store_id, type, category, count(*), sum(amount_cents), sum(cashback_cents)
      from ${transactions}
      where tenant_id = ${tenantId}
        and created_at >= (select rolled_until from ${ledgerRollupState} where tenant_id = ${tenantId})::timestamp at time zone 'UTC'
        and created_at < (${target}::date)::timestamp at time zone 'UTC'
      group by 1, 2, 3, 4, 5`);
    await tx.execute(sql`update ${ledgerRollupState} set rolled_until = ${target}::date, updated_at = now() where tenant_id = ${tenantId}`);
  });
}

/**
 * `ensureRollup` for each of `tenantIds` whose rollup is missing or behind `rollupTarget(now)`,
 * found in one statement (the operator's liability report over every tenant), one after another.
 */
export async function ensureRollups(db: Database, tenantIds: readonly string[], now: Date): Promise<void> {
  if (!tenantIds.length) return;
  const stale = rowsOf<{ id: string }>(
    await db.execute(sql`select t.id from unnest(${`{${tenantIds.join(',')}}`}::uuid[]) as t(id)
      left join ${ledgerRollupState} s on s.tenant_id = t.id
      where s.rolled_until is null or s.rolled_until < ${rollupTarget(now)}::date`),
  );
  for (const { id } of stale) await ensureRollup(db, id, now);
}

/**
 * Which ledger rows to total. `from`/`to` are the list's bounds: a date
 * (YYYY-MM-DD, a whole UTC day, inclusive) or an ISO date-time (inclusive instant).
 */
export interface LedgerFilter {
  type?: TransactionType;
  category?: Category;
  storeId?: string;
  from?: string;
  to?: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Lower bound of `created_at` (inclusive) for a `from` filter, as SQL; -infinity when absent. */
export function lowerBound(from: string | undefined): SQL {
  if (!from) return sql`'-infinity'::timestamptz`;
  return DATE_ONLY.test(from) ? sql`(${from}::date)::timestamp at time zone 'UTC'` : sql`${from}::timestamptz`;
}

/** Upper bound of `created_at` (exclusive) for an inclusive `to` filter, as SQL; infinity when absent. */
export function upperBound(to: string | undefined): SQL {
  if (!to) return sql`'infinity'::timestamptz`;
  return DATE_ONLY.test(to) ? sql`(${to}::date + 1)::timestamp at time zone 'UTC'` : sql`${to}::timestamptz + interval '1 microsecond'`;
}

/** `and type = … and category = … and store_id = …` for the filters that are set (unqualified columns). */
function dimensionFilters(f: LedgerFilter): SQL {
  const parts: SQL[] = [];
  if (f.type) parts.push(sql` and type = ${f.type}`);
  if (f.category) parts.push(sql` and category = ${f.category}`);
  if (f.storeId) parts.push(sql` and store_id = ${f.storeId}::uuid`);
  return sql.join(parts, sql``);
}

/** Ledger totals for one filter. Money in cents. */
export interface LedgerTotals {
  /** Number of ledger rows. */
  count: number;
  /** Σ cashbackCents of EARN rows less the claw-backs of their REFUND rows (the dashboard's 'Cashback Issued'; ADR 0014). */
  cashbackIssued: number;
  /** Σ amountCents of REDEEM rows less those VOID rows gave back (the dashboard's 'Cashback Redeemed'; ADR 0014). */
  cashbackRedeemed: number;
}

/**
 * Cashback issued, net of refunds, and redeemed, net of voids (ADR 0014), as aggregates over
 * ledger or rollup rows (unqualified `type`, `cashback_cents`, `amount_cents` columns; cents).
 */
const ISSUED = sql.raw(`coalesce(sum(cashback_cents) filter (where type = 'EARN'), 0) - coalesce(sum(cashback_cents) filter (where type = 'REFUND'), 0)`);
const REDEEMED = sql.raw(`coalesce(sum(amount_cents) filter (where type = 'REDEEM'), 0) - coalesce(sum(amount_cents) filter (where type = 'VOID'), 0)`);

/**
 * Totals of the tenant's ledger rows matching `f`, in ONE statement (one snapshot, so a
 * roll-up committing meanwhile cannot count a row twice or not at all): the rollup rows of
 * the whole UTC days inside [from, to] that are before `rolled_until`, plus live rows over
 * the rest of the range (the partial first day and everything from the covered days' end,
 * which are plain index range scans). With `sums` false only the count is computed, which
 * keeps the live part an index-only scan. Call `ensureRollup` first to keep the live part
 * short; the answer is exact either way.
 */
export async function ledgerTotals(db: DbOrTx, tenantId: string, f: LedgerFilter, sums = false): Promise<LedgerTotals> {
  const dims = dimensionFilters(f);
  const liveCols = sums
    ? sql`count(*) as n,
        ${ISSUED} as issued,
        ${REDEEMED} as redeemed`
    : sql`count(*) as n, 0 as issued, 0 as redeemed`;
  const [row] = rowsOf<{ n: string | number; issued: string | number; redeemed: string | number }>(
    await db.execute(sql`with
      q as (select ${lowerBound(f.from)} as lo, ${upperBound(f.to)} as hi),
      d as (
        select lo, hi,
          case when lo = '-infinity' then '-infinity'::date else ((lo at time zone 'UTC') - interval '1 microsecond')::date + 1 end as dlo,
          least(
            case when hi = 'infinity' then 'infinity'::date else (hi at time zone 'UTC')::date end,
            coalesce((select rolled_until from ${ledgerRollupState} where tenant_id = ${tenantId}), '-infinity'::date)
          ) as chi
        from q),
      b as (
        select lo, hi, dlo, chi,
          case when chi > dlo then (dlo::timestamp at time zone 'UTC') else hi end as head_end,
          case when chi > dlo then (chi::timestamp at time zone 'UTC') else 'infinity'::timestamptz end as tail_start
        from d),
      rolled as (
        select coalesce(sum(tx_count), 0) as n,
          ${ISSUED} as issued,
          ${REDEEMED} as redeemed
        from ${ledgerDailyTotals}
        where tenant_id = ${tenantId} and day >= (select dlo from b) and day < (select chi from b)${dims}),
      head as (
        select ${liveCols} from ${transactions}
        where tenant_id = ${tenantId} and created_at >= (select lo from b) and created_at < (select head_end from b)${dims}),
      tail as (
        select ${liveCols} from ${transactions}
        where tenant_id = ${tenantId} and created_at >= (select tail_start from b) and created_at < (select hi from b)${dims})
      select rolled.n + head.n + tail.n as n,
        rolled.issued + head.issued + tail.issued as issued,
        rolled.redeemed + head.redeemed + tail.redeemed as redeemed
      from rolled, head, tail`),
  );
  return { count: Number(row.n), cashbackIssued: Number(row.issued), cashbackRedeemed: Number(row.redeemed) };
}
