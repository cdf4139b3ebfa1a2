import { eq, sql } from 'drizzle-orm';
import { DEFAULT_OFFLINE_SETTINGS, OfflineSettings } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { offlineSettings } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { type TenantRequestContext } from '../../context.ts';

/**
 * What a business lets its tills do offline (docs/product.md 'Offline till', ADR 0051): one row
 * per tenant in `offline_settings`; no row is offline redemptions refused (DEFAULT_OFFLINE_SETTINGS).
 */

/** The tenant's offline settings (caps in cents): the stored row completed with the defaults, or the defaults. */
export async function readOfflineSettings(db: DbOrTx, tenantId: string): Promise<OfflineSettings> {
  const [row] = await db.select({ settings: offlineSettings.settings }).from(offlineSettings).where(eq(offlineSettings.tenantId, tenantId));
  if (!row) return DEFAULT_OFFLINE_SETTINGS;
  const parsed = OfflineSettings.safeParse({ redemptions: { ...DEFAULT_OFFLINE_SETTINGS.redemptions, ...row.settings.redemptions } });
  return parsed.success ? parsed.data : DEFAULT_OFFLINE_SETTINGS;
}

/**
 * PUT /rules/offline: in one transaction, serialised per tenant by an advisory lock, stores
 * `input` (validated by the contract: 400, nothing written) and writes the audit row
 * 'rules.offline.update' with the settings before and after. Answers the saved settings.
 */
export async function putOfflineSettings(db: Database, ctx: TenantRequestContext, input: OfflineSettings): Promise<OfflineSettings> {
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rules-offline:${tenantId}`}, 0))`);
    const before = await readOfflineSettings(tx, tenantId);
    await tx
      .insert(offlineSettings)
      .values({ tenantId, settings: input, updatedAt: ctx.now })
      .onConflictDoUpdate({ target: offlineSettings.tenantId, set: { settings: input, updatedAt: ctx.now } });
    await writeAudit(tx, { tenantId, ...auditActorOf(ctx), action: 'rules.offline.update', entity: 'offline_settings', entityId: null, before, after: input });
    return readOfflineSettings(tx, tenantId);
  });
}
