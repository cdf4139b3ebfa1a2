import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
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

/**
 * The tenant's first audit row after `at` (created_at > at; ties by id) whose action is one of
 * `actions`: its action and `before`, or null when none. What a rule was at an earlier instant
 * is the `before` of its first change after it (the rules of an earn made offline, ADR 0051).
 */
export async function firstTenantAuditAfter(
  db: DbOrTx,
  tenantId: string,
  actions: readonly AuditAction[],
  at: Date,
): Promise<{ action: string; before: unknown } | null> {
  const [row] = await db
    .select({ action: auditLog.action, before: auditLog.before })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), inArray(auditLog.action, [...actions]), gt(auditLog.createdAt, at)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(1);
  return row ?? null;
}
