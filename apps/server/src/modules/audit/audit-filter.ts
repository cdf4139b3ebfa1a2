import { eq, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@loyalty/contract';
import { auditLog } from '../../db/schema/index.ts';

/**
 * Filters of `listAudit`: `tenantId` a tenant's id, null for platform events only, undefined
 * for all (the operator); `actor` a user's or API key's id; `from`/`to` UTC calendar days
 * (YYYY-MM-DD, both included); `cursor` the id of the last row of the previous page.
 */
export interface AuditFilter {
  tenantId?: string | null;
  actor?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
}

/** The tenant condition of a filter (all tenants, platform events only, or one tenant). */
export function scopeOf(f: Pick<AuditFilter, 'tenantId'>): SQL {
  return f.tenantId === undefined ? sql`true` : f.tenantId === null ? sql`${auditLog.tenantId} is null` : sql`${auditLog.tenantId} = ${f.tenantId}`;
}

/** The WHERE conditions of a filter without its cursor. Dates are UTC days, `to` included. */
export function filtersOf(f: Omit<AuditFilter, 'cursor' | 'limit'>): SQL[] {
  const where = [scopeOf(f)];
  if (f.actor) where.push(sql`coalesce(${auditLog.userId}, ${auditLog.apiKeyId}) = ${f.actor}`);
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(sql`${auditLog.createdAt} >= ${f.from}::date::timestamp at time zone 'UTC'`);
  if (f.to) where.push(sql`${auditLog.createdAt} < (${f.to}::date + 1)::timestamp at time zone 'UTC'`);
  return where;
}
