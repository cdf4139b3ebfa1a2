import type { TierRulesRequest, TierRulesResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertThresholdsRise, lockTenantRules, replaceTierRules, withoutId } from './rule-sets.ts';
import { readTierRules } from './views.ts';
import { type TenantRequestContext } from '../../context.ts';

/** GET /rules/tiers: `{ rules }` in tier order SILVER, GOLD, PLATINUM; cents and bps. */
export async function getTierRules(db: Database, tenantId: string): Promise<TierRulesResponse> {
  return { rules: await readTierRules(db, tenantId) };
}

/**
 * PUT /rules/tiers. Throws 400 'Tier thresholds must increase: SILVER <
 * GOLD < PLATINUM' (nothing written) unless thresholds rise with the tier. In one DB
 * transaction: replaces the tenant's tier rules (tiers not in the body are deleted; a
 * customer of a removed tier is re-tiered), locks the tenant's customers and re-evaluates
 * every customer's tier of this tenant with one UPDATE (`retierCustomers`; domain
 * evaluateTier's rule: highest active rule whose min ≤ total spend, SILVER when none), and writes an audit_log row (action 'rules.tiers.update', entity
 * 'tier_rules', before/after = the sets without ids, after also `customersRetiered`).
 * Returns `{ rules, customersRetiered }`.
 */
export async function putTierRules(db: Database, ctx: TenantRequestContext, input: TierRulesRequest): Promise<TierRulesResponse> {
  assertThresholdsRise(input.rules);
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    await lockTenantRules(tx, tenantId);
    const before = await readTierRules(tx, tenantId);
    const { rules, customersRetiered } = await replaceTierRules(tx, tenantId, input.rules);
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'rules.tiers.update',
      entity: 'tier_rules',
      entityId: null,
      before: withoutId(before),
      after: { rules: withoutId(rules), customersRetiered },
    });
    return { rules, customersRetiered };
  });
}
