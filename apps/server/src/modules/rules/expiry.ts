import { eq, sql } from 'drizzle-orm';
import type { ExpiryPolicy, ExpiryRuleRequest, ExpiryRuleResponse } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { expiryRules } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * The tenant's cashback expiry rule (docs/product.md 'Expiry'): NEVER, or AFTER_EARN with `days`
 * (30–1825) after each credit. One row per tenant in `expiry_rules`; no row is NEVER/365.
 * A change applies to lots credited after it (the ledger reads the rule when it writes a lot).
 */

/** The rule when the tenant never saved one. */
const DEFAULT_EXPIRY_RULE = { policy: 'NEVER', days: 365 } as const satisfies { policy: ExpiryPolicy; days: number };

/** The stored rule of the tenant as the API answers it (defaults and updatedAt null without a row). */
async function readExpiryRule(db: DbOrTx, tenantId: string): Promise<ExpiryRuleResponse> {
  const [row] = await db
    .select({ policy: expiryRules.policy, days: expiryRules.days, updatedAt: expiryRules.updatedAt })
    .from(expiryRules)
    .where(eq(expiryRules.tenantId, tenantId));
  return row ? { policy: row.policy, days: row.days, updatedAt: row.updatedAt.toISOString() } : { ...DEFAULT_EXPIRY_RULE, updatedAt: null };
}

/**
 * The tenant's expiry rule `{ policy, days }`: what the row says, or NEVER/365 when
 * the tenant has none. For other modules (the expiry job, the customer's page).
 */
export async function getExpiryRule(db: DbOrTx, tenantId: string): Promise<{ policy: ExpiryPolicy; days: number }> {
  const { policy, days } = await readExpiryRule(db, tenantId);
  return { policy, days };
}

/** GET /rules/expiry: `{ policy, days, updatedAt }`, NEVER/365/null without a saved rule. */
export function getExpiryRuleView(db: DbOrTx, tenantId: string): Promise<ExpiryRuleResponse> {
  return readExpiryRule(db, tenantId);
}

/**
 * PUT /rules/expiry. In one transaction, serialised per tenant by an advisory
 * lock: upserts the tenant's row (policy; days from the body, or the stored days when a NEVER
 * body leaves them out; updated_at now) and writes an audit_log row (action
 * 'rules.expiry.update', entity 'expiry_rules', before/after `{ policy, days }`). The body is
 * validated by the contract (400, nothing written). Answers the saved rule.
 */
export async function putExpiryRule(db: Database, ctx: TenantRequestContext, input: ExpiryRuleRequest, now: Date): Promise<ExpiryRuleResponse> {
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rules-expiry:${tenantId}`}, 0))`);
    const before = await readExpiryRule(tx, tenantId);
    const after = { policy: input.policy, days: input.days ?? before.days };
    await tx
      .insert(expiryRules)
      .values({ tenantId, ...after, updatedAt: now })
      .onConflictDoUpdate({ target: expiryRules.tenantId, set: { ...after, updatedAt: now } });
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'rules.expiry.update',
      entity: 'expiry_rules',
      entityId: null,
      before: { policy: before.policy, days: before.days },
      after,
    });
    return readExpiryRule(tx, tenantId);
  });
}
