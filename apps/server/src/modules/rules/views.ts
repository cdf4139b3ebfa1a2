import { eq } from 'drizzle-orm';
import type { Tier, TierRule } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { tierRules } from '../../db/schema/index.ts';

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
