import { eq, sql } from 'drizzle-orm';
import { DEFAULT_LIMIT_SETTINGS, LimitSettings } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { velocityLimits } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * The business's velocity limits (docs/product.md 'Velocity limits', ADR 0050). One row per
 * tenant in `velocity_limits`; no row is every limit off (DEFAULT_LIMIT_SETTINGS). A change
 * applies to the next movement: the earn reads the row in its opening statement, the redeem
 * before its transaction.
 */

/** Stored settings `stored` (null: none saved) completed with the defaults and parsed with the contract; the defaults when they do not parse. */
export function limitSettingsOf(stored: unknown): LimitSettings {
  if (!stored || typeof stored !== 'object') return DEFAULT_LIMIT_SETTINGS;
  const s = stored as Partial<LimitSettings>;
  const parsed = LimitSettings.safeParse({
    cardEarnsPerDay: { ...DEFAULT_LIMIT_SETTINGS.cardEarnsPerDay, ...s.cardEarnsPerDay },
    cardEarnAmount: { ...DEFAULT_LIMIT_SETTINGS.cardEarnAmount, ...s.cardEarnAmount },
    cardRedeemPerDay: { ...DEFAULT_LIMIT_SETTINGS.cardRedeemPerDay, ...s.cardRedeemPerDay },
    staffRedeemPerDay: { ...DEFAULT_LIMIT_SETTINGS.staffRedeemPerDay, ...s.staffRedeemPerDay },
  });
  return parsed.success ? parsed.data : DEFAULT_LIMIT_SETTINGS;
}

/** The tenant's velocity limits (money in cents): the stored row, or every limit off. */
export async function readLimitSettings(db: DbOrTx, tenantId: string): Promise<LimitSettings> {
  const [row] = await db.select({ settings: velocityLimits.settings }).from(velocityLimits).where(eq(velocityLimits.tenantId, tenantId));
  return limitSettingsOf(row?.settings ?? null);
}

/** The tenant's limits when a redemption limit is on (the redeem then checks them in its transaction), else null. One primary-key read. */
export async function redeemLimitsOf(db: DbOrTx, tenantId: string): Promise<LimitSettings | null> {
  const limits = await readLimitSettings(db, tenantId);
  return limits.cardRedeemPerDay.enabled || limits.staffRedeemPerDay.enabled ? limits : null;
}

/**
 * PUT /rules/limits: in one transaction, serialised per tenant by an advisory lock, stores
 * `input` (validated by the contract: 400, nothing written) and writes the audit row
 * 'rules.limits.update' with the settings before and after. Answers the saved settings.
 */
export async function putLimitSettings(db: Database, ctx: TenantRequestContext, input: LimitSettings): Promise<LimitSettings> {
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rules-limits:${tenantId}`}, 0))`);
    const before = await readLimitSettings(tx, tenantId);
    await tx
      .insert(velocityLimits)
      .values({ tenantId, settings: input, updatedAt: ctx.now })
      .onConflictDoUpdate({ target: velocityLimits.tenantId, set: { settings: input, updatedAt: ctx.now } });
    await writeAudit(tx, { tenantId, ...auditActorOf(ctx), action: 'rules.limits.update', entity: 'velocity_limits', entityId: null, before, after: input });
    return readLimitSettings(tx, tenantId);
  });
}
