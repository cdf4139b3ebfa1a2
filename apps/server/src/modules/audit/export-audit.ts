import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { isoUtcSql, safeCellSql } from '../../lib/csv-cells.ts';
import { apiKeyNames } from '../api-keys/views.ts';
import { userNames } from '../users/views.ts';
import { filtersOf, type AuditFilter } from './audit-filter.ts';

/** Columns of the Activity CSV, in order (docs/security.md 'Audit trail'). */
const AUDIT_CSV_COLUMNS = ['Time (UTC)', 'Action', 'Actor', 'Actor Type', 'Actor ID', 'IP', 'Entity', 'Entity ID', 'Before', 'After'] as const;

/**
 * The query of the Activity CSV (written by PostgreSQL's COPY, ADR 0017): every row matching
 * the filter (no cursor, no limit), newest first, with AUDIT_CSV_COLUMNS: time ISO-8601 UTC, the
 * actor's name (user or API key; 'System' for jobs and webhooks), before/after as JSON text
 * (money in cents as stored). Text cells made safe for spreadsheets.
 */
export function auditExportQuery(db: DbOrTx, f: Omit<AuditFilter, 'cursor' | 'limit'>) {
  const [time, action, actor, actorType, actorId, ip, entity, entityId, before, after] = AUDIT_CSV_COLUMNS;
  const people = userNames(db);
  const keys = apiKeyNames(db);
  return db
    .select({
      time: isoUtcSql(auditLog.createdAt).as(time),
      action: sql`${auditLog.action}`.as(action),
      actor: safeCellSql(
        sql`coalesce(${people.name}, ${keys.name}, case when ${auditLog.userId} is null and ${auditLog.apiKeyId} is null then 'System' end)`,
      ).as(actor),
      actorType: sql`case when ${auditLog.apiKeyId} is not null then 'API key' when ${auditLog.userId} is not null then 'User' else 'System' end`.as(actorType),
      actorId: sql`coalesce(${auditLog.userId}, ${auditLog.apiKeyId})`.as(actorId),
      ip: sql`${auditLog.ip}`.as(ip),
      entity: sql`${auditLog.entity}`.as(entity),
      entityId: safeCellSql(auditLog.entityId).as(entityId),
      before: safeCellSql(sql`${auditLog.before}::text`).as(before),
      after: safeCellSql(sql`${auditLog.after}::text`).as(after),
    })
    .from(auditLog)
    .leftJoin(people, eq(people.id, auditLog.userId))
    .leftJoin(keys, and(eq(keys.tenantId, auditLog.tenantId), eq(keys.id, auditLog.apiKeyId)))
    .where(and(...filtersOf(f)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}
