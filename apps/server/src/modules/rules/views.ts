import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tier, TierRule } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { expiryRules, tierRules } from '../../db/schema/index.ts';

/**
 * Read views of the rules module's tables for modules the rules service depends on (ADR
 * 0012): the customers module reads the tier rules to give a new customer its tier. Read-only;
 * imports no other module.
 */

/** Tier order of the API: SILVER, GOLD, PLATINUM. */
export const TIER_ORDER: readonly Tier[] = ['SILVER', 'GOLD', 'PLATINUM'];

/** The tenant's tier rules (active or not) in tier order SILVER, GOLD, PLATINUM (thresholds in cents, rates in bps). */
export async function readTierRules(db: DbOrTx, tenantId: string): Promise<TierRule[]> {
  const rows = await db
    .select({
      id: tierRules.id,
      tier: tierRules.tier,
      name: tierRules.name,
      minTotalSpendCents: tierRules.minTotalSpendCents,
      baseRateBps: tierRules.baseRateBps,
      isActive: tierRules.isActive,
    })
    .from(tierRules)
    .where(eq(tierRules.tenantId, tenantId));
  return rows.sort((a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier));
}

/**
 * The tenant's expiry rule as a one-row subquery `(policy, days)` for the ledger's
 * lot inserts: AFTER_EARN and its days (30–1825), or no row at all under NEVER (the caller
 * left-joins it, so a missing row means NEVER).
 */
export function expiryRuleSql(tenantId: string): SQL {
  return sql`select policy, days from ${expiryRules} where tenant_id = ${tenantId} and policy = 'AFTER_EARN'`;
}
