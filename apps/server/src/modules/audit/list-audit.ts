import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditEvent } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { apiKeyNames } from '../api-keys/views.ts';
import { userNames } from '../users/views.ts';
import { filtersOf, scopeOf, type AuditFilter } from './audit-filter.ts';

/** One stored audit row as the Activity lists read it, with the actor's current name (null when gone). */
export interface AuditRow {
  userName: string | null;
  apiKeyName: string | null;
  id: string;
  tenantId: string | null;
  userId: string | null;
  apiKeyId: string | null;
  ip: string | null;
  action: AuditAction;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One page of audit rows, newest first (created_at desc, id desc), and the cursor of the next
 * page (the id of the page's last row; null on the last page). The cursor is resolved by a
 * sub-select, so timestamps keep their microseconds. The indexes (tenant_id, created_at, id),
 * (tenant_id, action, …) and (tenant_id, coalesce(user_id, api_key_id), …) serve each filter as
 * a range read.
 * Throws 400 'Invalid cursor' for a cursor that is not a row of this list's scope.
 */
export async function listAudit(db: DbOrTx, f: AuditFilter): Promise<{ rows: AuditRow[]; nextCursor: string | null }> {
  const scope = scopeOf(f);
  const where = filtersOf(f);
  if (f.cursor) {
    if (!UUID.test(f.cursor)) throw badRequest('Invalid cursor', [{ field: 'querystring.cursor', message: 'Invalid cursor' }]);
    const [at] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.id, f.cursor), scope))
      .limit(1);
    if (!at) throw badRequest('Invalid cursor', [{ field: 'querystring.cursor', message: 'Invalid cursor' }]);
    where.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (select c.created_at, c.id from audit_log c where c.id = ${f.cursor})`);
  }
  // The page is chosen from audit_log alone (an index range read), then the names are joined
  // to its rows: joined first, the planner may read the tenant's whole trail to sort it.
  const chosen = db
    .select({
      id: auditLog.id,
      tenantId: auditLog.tenantId,
      userId: auditLog.userId,
      apiKeyId: auditLog.apiKeyId,
      ip: auditLog.ip,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(f.limit + 1)
    .as('page');
  const people = userNames(db);
  const keys = apiKeyNames(db);
  const rows = await db
    .select({
      id: chosen.id,
      tenantId: chosen.tenantId,
      userId: chosen.userId,
      apiKeyId: chosen.apiKeyId,
      ip: chosen.ip,
      action: chosen.action,
      entity: chosen.entity,
      entityId: chosen.entityId,
      before: chosen.before,
      after: chosen.after,
      createdAt: chosen.createdAt,
      userName: people.name,
      apiKeyName: keys.name,
    })
    .from(chosen)
    .leftJoin(people, eq(people.id, chosen.userId))
    .leftJoin(keys, and(eq(keys.tenantId, chosen.tenantId), eq(keys.id, chosen.apiKeyId)))
    .orderBy(desc(chosen.createdAt), desc(chosen.id));
  const page = rows.slice(0, f.limit) as AuditRow[];
  return { rows: page, nextCursor: rows.length > f.limit ? page[page.length - 1].id : null };
}

/**
 * A stored row as the contract's AuditEvent: the actor as user / API key / system with its
 * current name, times ISO-8601; `tenant` the tenant's id, name and slug when given.
 */
export function toAuditEvent(row: AuditRow, tenant: { id: string; name: string; slug: string } | null): AuditEvent {
  const actor: AuditEvent['actor'] = row.apiKeyId
    ? { kind: 'api_key', id: row.apiKeyId, name: row.apiKeyName }
    : row.userId
      ? { kind: 'user', id: row.userId, name: row.userName }
      : { kind: 'system', id: null, name: null };
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    actor,
    ip: row.ip,
    before: row.before ?? null,
    after: row.after ?? null,
    tenant,
  };
}
