import { eq, sql } from 'drizzle-orm';
import { DEFAULT_REWARD_SETTINGS, RewardSettings } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { rewardSettings } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * The business's reward settings (docs/product.md 'Rewards', ADR 0049): welcome bonus, birthday
 * reward, referrals and win-back offers. One row per tenant in `reward_settings`; no row is every
 * reward off (DEFAULT_REWARD_SETTINGS). A change applies from then on: the ledger reads the
 * settings when a reward falls due, and a bonus already credited stays.
 */

/**
 * The tenant's reward settings (amounts in cents): the stored row, or DEFAULT_REWARD_SETTINGS
 * without one. A stored value is parsed with the contract, so a row written before a field
 * existed reads with that field's default.
 */
export async function readRewardSettings(db: DbOrTx, tenantId: string): Promise<RewardSettings> {
  const [row] = await db.select({ settings: rewardSettings.settings }).from(rewardSettings).where(eq(rewardSettings.tenantId, tenantId));
  return settingsOf(row?.settings ?? null);
}

/** Stored settings `stored` (null: none saved) completed with the defaults and parsed with the contract; DEFAULT_REWARD_SETTINGS when they do not parse. */
function settingsOf(stored: RewardSettings | null): RewardSettings {
  if (!stored) return DEFAULT_REWARD_SETTINGS;
  const merged = {
    welcome: { ...DEFAULT_REWARD_SETTINGS.welcome, ...stored.welcome },
    birthday: { ...DEFAULT_REWARD_SETTINGS.birthday, ...stored.birthday },
    referral: { ...DEFAULT_REWARD_SETTINGS.referral, ...stored.referral },
    winBack: { ...DEFAULT_REWARD_SETTINGS.winBack, ...stored.winBack },
  };
  const parsed = RewardSettings.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_REWARD_SETTINGS;
}

/**
 * PUT /rules/rewards: in one transaction, serialised per tenant by an advisory lock, stores
 * `input` (validated by the contract: 400, nothing written) and writes the audit row
 * 'rules.rewards.update' with the settings before and after. Answers the saved settings.
 */
export async function putRewardSettings(db: Database, ctx: TenantRequestContext, input: RewardSettings): Promise<RewardSettings> {
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rules-rewards:${tenantId}`}, 0))`);
    const before = await readRewardSettings(tx, tenantId);
    await tx
      .insert(rewardSettings)
      .values({ tenantId, settings: input, updatedAt: ctx.now })
      .onConflictDoUpdate({ target: rewardSettings.tenantId, set: { settings: input, updatedAt: ctx.now } });
    await writeAudit(tx, { tenantId, ...auditActorOf(ctx), action: 'rules.rewards.update', entity: 'reward_settings', entityId: null, before, after: input });
    return readRewardSettings(tx, tenantId);
  });
}

/**
 * The businesses whose saved settings switch on a reward the hourly job pays (birthday, win-back),
 * with their settings: `[{ tenantId, settings }]`. Businesses that never saved have every reward off.
 */
export async function tenantsWithJobRewards(db: DbOrTx): Promise<{ tenantId: string; settings: RewardSettings }[]> {
  const rows = await db
    .select({ tenantId: rewardSettings.tenantId, settings: rewardSettings.settings })
    .from(rewardSettings)
    .where(sql`(${rewardSettings.settings} -> 'birthday' ->> 'enabled') = 'true' or (${rewardSettings.settings} -> 'winBack' ->> 'enabled') = 'true'`);
  return rows.map((r) => ({ tenantId: r.tenantId, settings: settingsOf(r.settings) }));
}
