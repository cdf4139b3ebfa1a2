import type { Tx } from '../../db/client.ts';
import { writeAudit } from '../audit/service.ts';

/**
 * Audit actions of the platform operator. They are written with `tenant_id` null,
 * so that the platform's history survives a tenant's deletion (audit_log rows of a tenant
 * cascade with it); the tenant's id, name and slug travel in `entity_id` and before/after.
 * The recent-activity list (GET /api/platform/activity) reads the update, delete and plan
 * actions back.
 */
export const PLATFORM_AUDIT = {
  tenantCreate: 'platform.tenant.create',
  tenantUpdate: 'platform.tenant.update',
  tenantDelete: 'platform.tenant.delete',
  planCreate: 'platform.plan.create',
  planUpdate: 'platform.plan.update',
  planDelete: 'platform.plan.delete',
} as const;

/** Writes one platform audit row (tenant_id null) in the caller's transaction. */
export async function writePlatformAudit(
  tx: Tx,
  row: { actorId: string | null; action: (typeof PLATFORM_AUDIT)[keyof typeof PLATFORM_AUDIT]; entity: 'tenant' | 'plan'; entityId: string; before?: unknown; after?: unknown },
): Promise<void> {
  await writeAudit(tx, { tenantId: null, userId: row.actorId, action: row.action, entity: row.entity, entityId: row.entityId, before: row.before, after: row.after });
}
