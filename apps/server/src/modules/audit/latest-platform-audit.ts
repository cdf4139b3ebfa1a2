import { and, desc, inArray, isNull } from 'drizzle-orm';
import type { AuditAction } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** A platform-level audit row as the operator's dashboard feed reads it. */
export interface PlatformAuditRow {
  id: string;
  action: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/**
 * The newest `limit` platform-level audit rows (tenant_id null) whose action is one of
 * `actions`, newest first (created_at desc, id desc). For the platform's dashboard feed.
 */
export async function latestPlatformAudit(db: DbOrTx, actions: readonly AuditAction[], limit: number): Promise<PlatformAuditRow[]> {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(isNull(auditLog.tenantId), inArray(auditLog.action, [...actions])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
