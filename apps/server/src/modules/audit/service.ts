import { and, desc, eq, inArray, isNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { scrubJsonSql } from '../../lib/sql.ts';

/**
 * The audit trail (issue 5, decisions.md 'Who changed what'): the module that owns
 * `audit_log`. Every other module records its changes through `writeAudit`, in the
 * transaction of the change, so an audit row exists exactly when the change committed.
 */

/**
 * One audit entry: who (`userId`, null for the system or a deleted actor) changed what
 * (`action` such as 'store.create', `entity` such as 'store', `entityId`) in which tenant
 * (`tenantId`, null for platform-level changes), with the state `before` and `after` as JSON
 * (null when there is none; never a password or its hash).
 */
export interface AuditEntry {
  tenantId: string | null;
  userId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit_log row in the caller's transaction (or database). `before`/`after` absent → null. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    tenantId: entry.tenantId,
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A platform-level audit row as the operator's activity feed reads it. */
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
 * `actions`, newest first (created_at desc, id desc). For the platform's activity feed.
 */
export async function latestPlatformAudit(db: DbOrTx, actions: readonly string[], limit: number): Promise<PlatformAuditRow[]> {
  return db
    .select({ id: auditLog.id, action: auditLog.action, entityId: auditLog.entityId, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(isNull(auditLog.tenantId), inArray(auditLog.action, [...actions])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/**
 * Scrubs an erased customer's personal data from the tenant's audit trail, in `tx` (ADR 0021):
 * in every row of the tenant whose entity is one of `entityIds` (the customer, their cards'
 * ids and UIDs) or whose before/after mention one of `values`, each occurrence of `values`
 * (e-mail, phone, names) inside before and after becomes 'Erased customer'; the rows of the
 * customer itself (`entityIds[0]`) also lose their firstName, lastName, email and phone keys,
 * earlier values included. Who did what, and when, stays. Returns how many rows were scrubbed.
 */
export async function scrubAudit(tx: DbOrTx, tenantId: string, entityIds: readonly string[], values: readonly string[]): Promise<number> {
  if (!values.length) return 0;
  const personal = sql`array['firstName', 'lastName', 'email', 'phone']::text[]`;
  const strip = (col: SQLWrapper) => sql`case when jsonb_typeof(${col}) = 'object' then ${col} - ${personal} else ${col} end`;
  if (entityIds[0]) {
    await tx
      .update(auditLog)
      .set({ before: strip(auditLog.before), after: strip(auditLog.after) })
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entity, 'customer'), eq(auditLog.entityId, entityIds[0])));
  }
  const mentions = sql.join(
    values.map((v) => sql`strpos(coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, ''), ${JSON.stringify(v).slice(1, -1)}::text) > 0`),
    sql` or `,
  );
  const rows = await tx
    .update(auditLog)
    .set({ before: scrubJsonSql(sql`${auditLog.before}`, values), after: scrubJsonSql(sql`${auditLog.after}`, values) })
    .where(and(eq(auditLog.tenantId, tenantId), or(entityIds.length ? inArray(auditLog.entityId, [...entityIds]) : undefined, sql`(${mentions})`)))
    .returning({ id: auditLog.id });
  return rows.length;
}
