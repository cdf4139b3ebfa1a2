import { sql, type SQL } from 'drizzle-orm';
import type { TierRuleInput } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';

/** The set-based re-tier of a tenant's customers when the tier rules change (ADR 0007). */

/**
 * The SQL twin of domain `evaluateTier`, the only SQL of the tier ladder: a CASE whose
 * branches are the ACTIVE rules by threshold, largest first (a stable sort, so among equal
 * thresholds the earlier rule wins, as in evaluateTier), `spend >= min` → the rule's tier;
 * 'SILVER' when no branch matches. `spend` is a cents expression, by default
 * `customers.total_spend_cents` (the re-tier, ADR 0007). The property test
 * `tier-ladder.property.test.ts` checks it against evaluateTier on random ladders and spends.
 */
export function tierCaseSql(rules: readonly TierRuleInput[], spend: SQL | typeof customers.totalSpendCents = customers.totalSpendCents): SQL {
  const branches = rules
    .filter((r) => r.isActive)
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.minTotalSpendCents - a.r.minTotalSpendCents || a.i - b.i)
    .map(({ r }) => sql`when ${spend} >= ${r.minTotalSpendCents}::bigint then ${r.tier}::text`);
  if (!branches.length) return sql`'SILVER'::text`;
  return sql`(case ${sql.join(branches, sql` `)} else 'SILVER'::text end)`;
}

/**
 * Re-evaluates the tier of EVERY customer of the tenant under `rules` (fast on a
 * 200k-customer tenant, no loop of queries; ADR 0007). Call it inside the transaction that
 * writes the rules (the rules module does). Two set-based statements:
 * 1. `SELECT … FROM customers WHERE tenant_id = $1 FOR UPDATE` (one counted row back): locks
 *    every customer of the tenant until commit. Without it an earn could lock a customer whose
 *    tier this change leaves alone, read the OLD rules (not yet committed) and store a tier the
 *    new rules contradict (shown on PostgreSQL by earn-follows-rules.test.ts). With it, an earn
 *    either holds its customer first (then step 2 waits and re-reads that row's new total
 *    spend) or waits for this commit and then reads the new rules.
 * 2. `UPDATE customers SET tier = CASE … END WHERE tenant_id = $1 AND tier IS DISTINCT FROM
 *    CASE … END` (tierCaseSql, the twin of evaluateTier), counting the changed rows in the same
 *    statement.
 * Returns the number of customers whose tier changed.
 */
export async function retierCustomers(tx: DbOrTx, tenantId: string, rules: readonly TierRuleInput[]): Promise<number> {
  const tierOf = tierCaseSql(rules);
  await tx.execute(sql`select count(*) from (select 1 from ${customers} where ${customers.tenantId} = ${tenantId} for update) as locked`);
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`with changed as (
        update ${customers} set tier = ${tierOf}
        where ${customers.tenantId} = ${tenantId} and ${customers.tier} is distinct from ${tierOf}
        returning 1)
      select count(*)::int as n from changed`),
  );
  return Number(row.n);
}
