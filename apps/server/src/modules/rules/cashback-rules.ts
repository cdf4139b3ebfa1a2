import type { CashbackRulesRequest, CashbackRulesResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { lockTenantRules, readCashbackRules, replaceCashbackRules, withoutId } from './rule-sets.ts';
import { type TenantRequestContext } from '../../context.ts';

/** GET /rules/cashback: `{ rules }`, one per category present, PURCHASE, REPAIR, OTHER order; rates in bps. */
export async function getCashbackRules(db: Database, tenantId: string): Promise<CashbackRulesResponse> {
  return { rules: await readCashbackRules(db, tenantId) };
}

/**
 * PUT /rules/cashback. Replaces the tenant's cashback rules by the body's
 * set atomically, in one DB transaction: categories in the body are upserted (ids kept),
 * categories not in the body are deleted (earn gives them 0 bps), and an audit_log row
 * (action 'rules.cashback.update', entity 'cashback_rules', before/after = the sets without
 * ids) is written. The body is validated by the contract (rates 0–10000 bps, one rule per
 * category: 400, nothing written). Returns the stored set.
 */
export async function putCashbackRules(db: Database, ctx: TenantRequestContext, input: CashbackRulesRequest): Promise<CashbackRulesResponse> {
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    await lockTenantRules(tx, tenantId);
    const before = await readCashbackRules(tx, tenantId);
    const rules = await replaceCashbackRules(tx, tenantId, input.rules);
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'rules.cashback.update',
      entity: 'cashback_rules',
      entityId: null,
      before: withoutId(before),
      after: withoutId(rules),
    });
    return { rules };
  });
}
