import type { InitializeRulesResponse } from '@loyalty/contract';
import { DEFAULT_CASHBACK_RULES, DEFAULT_TIER_RULES } from '@loyalty/domain';
import type { Database, Tx } from '../../db/client.ts';
import { cashbackRules, tierRules } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { lockTenantRules, readCashbackRules, replaceCashbackRules, replaceTierRules, withoutId } from './rule-sets.ts';
import { readTierRules } from './views.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * POST /rules/initialize (docs/product.md 'Cashback' defaults: PURCHASE 200, REPAIR 300,
 * OTHER 100 bps; SILVER 0 bps from $0, GOLD +100 from $500, PLATINUM +200 from $2,000). In one
 * DB transaction the defaults replace the tenant's cashback and tier rules (offers are left
 * alone), every customer is re-tiered (one UPDATE), and an audit_log row (action
 * 'rules.initialize', entity 'rules', before/after = both sets, after also
 * `customersRetiered`) is written. Returns `{ cashbackRules, tierRules }`.
 */
export async function initializeRules(db: Database, ctx: TenantRequestContext): Promise<InitializeRulesResponse> {
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    await lockTenantRules(tx, tenantId);
    const beforeCashback = await readCashbackRules(tx, tenantId);
    const beforeTiers = await readTierRules(tx, tenantId);
    const cashback = await replaceCashbackRules(tx, tenantId, DEFAULT_CASHBACK_RULES);
    const { rules: tiers, customersRetiered } = await replaceTierRules(tx, tenantId, DEFAULT_TIER_RULES);
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'rules.initialize',
      entity: 'rules',
      entityId: null,
      before: { cashbackRules: withoutId(beforeCashback), tierRules: withoutId(beforeTiers) },
      after: { cashbackRules: withoutId(cashback), tierRules: withoutId(tiers), customersRetiered },
    });
    return { cashbackRules: cashback, tierRules: tiers };
  });
}

/**
 * Gives a new tenant the default programme (docs/product.md 'Cashback': PURCHASE 200, REPAIR 300,
 * OTHER 100 bps; SILVER 0 bps from $0, GOLD +100 from $500, PLATINUM +200 from $2,000) in
 * `tx`. No audit row and no re-tier: the tenant has no customers yet (tenant onboarding).
 */
export async function insertDefaultRules(tx: Tx, tenantId: string): Promise<void> {
  await tx.insert(cashbackRules).values(DEFAULT_CASHBACK_RULES.map((r) => ({ ...r, tenantId })));
  await tx.insert(tierRules).values(DEFAULT_TIER_RULES.map((r) => ({ ...r, tenantId })));
}
