import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { CashbackRule, Category, Tier, TierRule, TierRulesRequest } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cashbackRules, tierRules } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { retierCustomers } from '../customers/index.ts';
import { readTierRules, TIER_ORDER } from './views.ts';

/**
 * What the rule-set writes share (cashback-rules.ts, tier-rules.ts, initialize.ts): who acts,
 * the per-tenant lock, and the replace-the-set statements with their checks.
 */

/** The 400 message of tier thresholds that do not rise with the tier. */
const TIER_ORDER_MESSAGE = 'Tier thresholds must increase: SILVER < GOLD < PLATINUM';

const CATEGORY_ORDER: readonly Category[] = ['PURCHASE', 'REPAIR', 'OTHER'];

/**
 * Serialises the rule writes of one tenant (PUT /cashback, PUT /tiers, POST /initialize) for
 * the rest of the transaction, so that two owners saving at once cannot interleave their
 * replace-the-set statements and each audit row's `before` is what that write replaced.
 * A transaction-scoped advisory lock: no row of another module is locked.
 */
export async function lockTenantRules(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rules:${tenantId}`}, 0))`);
}

/** The tenant's cashback rules in category order PURCHASE, REPAIR, OTHER (bps). */
export async function readCashbackRules(db: DbOrTx, tenantId: string): Promise<CashbackRule[]> {
  const rows = await db
    .select({ id: cashbackRules.id, category: cashbackRules.category, baseRateBps: cashbackRules.baseRateBps, isActive: cashbackRules.isActive })
    .from(cashbackRules)
    .where(eq(cashbackRules.tenantId, tenantId));
  return rows.sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category));
}

/** A stored rule without its id, as written to audit_log (before / after). */
export const withoutId = <T extends { id: string }>(rules: T[]) => rules.map(({ id: _id, ...rest }) => rest);

/**
 * Replaces the tenant's cashback rules by `rules` inside `tx`: one upsert on
 * (tenant_id, category) keeps the id of a category that stays, and the rules of categories
 * not given are DELETED (decision, "replaces the set"; the earn then finds no rule for
 * that category and gives it 0 bps, docs/product.md 'Cashback'). Returns the stored set.
 */
export async function replaceCashbackRules(
  tx: Tx,
  tenantId: string,
  rules: readonly { category: Category; baseRateBps: number; isActive: boolean }[],
): Promise<CashbackRule[]> {
  const categories = rules.map((r) => r.category);
  await tx
    .delete(cashbackRules)
    .where(
      categories.length ? and(eq(cashbackRules.tenantId, tenantId), notInArray(cashbackRules.category, categories)) : eq(cashbackRules.tenantId, tenantId),
    );
  if (rules.length) {
    await tx
      .insert(cashbackRules)
      .values(rules.map((r) => ({ tenantId, category: r.category, baseRateBps: r.baseRateBps, isActive: r.isActive })))
      .onConflictDoUpdate({
        target: [cashbackRules.tenantId, cashbackRules.category],
        set: { baseRateBps: sql`excluded.base_rate_bps`, isActive: sql`excluded.is_active` },
      });
  }
  return readCashbackRules(tx, tenantId);
}

/**
 * Replaces the tenant's tier rules by `rules` inside `tx` (upsert on (tenant_id, tier), the
 * tiers not given are deleted), then re-tiers the tenant's customers (`retierCustomers`).
 * Returns the stored set and how many customers changed tier.
 */
export async function replaceTierRules(
  tx: Tx,
  tenantId: string,
  rules: readonly { tier: Tier; name: string; minTotalSpendCents: number; baseRateBps: number; isActive: boolean }[],
): Promise<{ rules: TierRule[]; customersRetiered: number }> {
  const tiers = rules.map((r) => r.tier);
  await tx.delete(tierRules).where(tiers.length ? and(eq(tierRules.tenantId, tenantId), notInArray(tierRules.tier, tiers)) : eq(tierRules.tenantId, tenantId));
  if (rules.length) {
    await tx
      .insert(tierRules)
      .values(
        rules.map((r) => ({
          tenantId,
          tier: r.tier,
          name: r.name,
          minTotalSpendCents: r.minTotalSpendCents,
          baseRateBps: r.baseRateBps,
          isActive: r.isActive,
        })),
      )
      .onConflictDoUpdate({
        target: [tierRules.tenantId, tierRules.tier],
        set: {
          name: sql`excluded.name`,
          minTotalSpendCents: sql`excluded.min_total_spend_cents`,
          baseRateBps: sql`excluded.base_rate_bps`,
          isActive: sql`excluded.is_active`,
        },
      });
  }
  const stored = await readTierRules(tx, tenantId);
  const customersRetiered = await retierCustomers(tx, tenantId, stored);
  return { rules: stored, customersRetiered };
}

/**
 * 400 VALIDATION_ERROR 'Tier thresholds must increase: SILVER < GOLD < PLATINUM' unless the
 * minimum spends rise strictly with the tier among the given rules (active or not: a rule
 * switched on later must not break the order), with `details` on the higher tier's
 * minTotalSpendCents (docs/product.md 'Tiers'). Equal thresholds are refused too.
 */
export function assertThresholdsRise(rules: TierRulesRequest['rules']): void {
  const ordered = rules.map((r, index) => ({ r, index })).sort((a, b) => TIER_ORDER.indexOf(a.r.tier) - TIER_ORDER.indexOf(b.r.tier));
  for (let k = 1; k < ordered.length; k++) {
    const lower = ordered[k - 1];
    const higher = ordered[k];
    if (higher.r.minTotalSpendCents <= lower.r.minTotalSpendCents) {
      throw badRequest(TIER_ORDER_MESSAGE, [
        {
          field: `body.rules.${higher.index}.minTotalSpendCents`,
          message: `${higher.r.tier} must need a higher minimum spend than ${lower.r.tier}`,
        },
      ]);
    }
  }
}
