import { and, desc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuditAction, AuditEvent, AuditKind, TypedAuditEvent } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { isoUtcSql, safeCellSql } from '../../lib/csv-cells.ts';
import { scrubJsonSql } from '../../lib/sql.ts';
import { currentRequestActor } from '../../lib/request-actor.ts';
import { apiKeyNames } from '../api-keys/views.ts';
import { userNames } from '../users/views.ts';

/**
 * The audit trail (docs/security.md 'Audit trail'): the module that owns `audit_log`. Every
 * other module records its changes through `writeAudit` (or, on the till's hot path,
 * `auditInsertSql` inside its own write statement), in the transaction of the change, so an
 * audit row exists exactly when the change committed.
 */

/**
 * Where and by whom an audit entry happened: the tenant (`tenantId`, null for platform-level
 * changes), the entity's id (`entityId`, null when the change has none, e.g. a rules set), and
 * the actor: `userId` (null for the system or an API key), `apiKeyId` (the /api/v1 key, stored
 * in audit_log.api_key_id) and `ip`. Any of the three actor fields left undefined is taken from
 * the current request (`currentRequestActor`), so services need not pass the API key or the
 * client address through.
 */
export interface AuditTarget {
  tenantId: string | null;
  userId?: string | null;
  apiKeyId?: string | null;
  ip?: string | null;
  entityId: string | null;
}

/**
 * One audit entry (docs/security.md 'Audit trail'; ADR 0032): an AuditTarget and a
 * TypedAuditEvent of the contract, so `action` (one of AUDIT_ACTIONS) decides `entity` and the
 * shapes of `before` and `after` (JSON; never a password, hash or key; money in integer cents).
 * A side that is always null for its kind may be left out.
 */
export type AuditEntry = AuditTarget & TypedAuditEvent;

type AuditActorFields = Pick<AuditTarget, 'userId' | 'apiKeyId' | 'ip'>;

/**
 * The actor columns of an entry (user id, API key id, IP: each the caller's value when given,
 * else the current request's), as values for a writer that builds its audit row itself in the
 * same statement as its change (the ledger's database functions, ADR 0028).
 */
export function auditActor(entry: AuditActorFields): { userId: string | null; apiKeyId: string | null; ip: string | null } {
  return actorOf(entry);
}

/** The actor columns of an entry: the caller's values, else the request's. */
function actorOf(entry: AuditActorFields): { userId: string | null; apiKeyId: string | null; ip: string | null } {
  const request = entry.userId === undefined || entry.apiKeyId === undefined || entry.ip === undefined ? currentRequestActor() : undefined;
  return {
    userId: entry.userId !== undefined ? entry.userId : (request?.userId ?? null),
    apiKeyId: entry.apiKeyId !== undefined ? entry.apiKeyId : (request?.apiKeyId ?? null),
    ip: entry.ip !== undefined ? entry.ip : (request?.ip ?? null),
  };
}

/**
 * Writes one audit_log row in the caller's transaction (or database): the entry's tenant,
 * actor (user_id, api_key_id, ip; from the current request when not given), action, entity,
 * entity id and `before`/`after` as jsonb (absent → null), typed by the entry's action.
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    tenantId: entry.tenantId,
    ...actorOf(entry),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * The same row as `writeAudit`, as an `insert … select` to put in a data-modifying CTE of the
 * caller's write statement, so a money movement on the till's hot path adds no round trip
 * (docs/performance.md). `action` and `entity` are typed as in writeAudit; `before`/`after` are
 * SQL expressions of jsonb that must build the kind's AuditEventShapes (they may read the
 * statement's other CTEs), and so may `tenantId` and `entityId` be; `from` is the FROM clause
 * they read (e.g. sql`debit`: one audit row per row of it), or none (one row).
 */
export function auditInsertSql(
  entry: AuditActorFields & AuditKind & { tenantId: SQL | string | null; entityId: SQL | string | null; before: SQL; after: SQL; from?: SQL },
): SQL {
  const who = actorOf(entry);
  const from = entry.from ? sql` from ${entry.from}` : sql``;
  return sql`insert into audit_log (tenant_id, user_id, api_key_id, ip, action, entity, entity_id, before, after)
    select ${entry.tenantId}::uuid, ${who.userId}::uuid, ${who.apiKeyId}::uuid, ${who.ip}, ${entry.action}, ${entry.entity}, ${entry.entityId}::text, ${entry.before}, ${entry.after}${from}`;
}

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
    .select({ id: auditLog.id, action: auditLog.action, entityId: auditLog.entityId, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(isNull(auditLog.tenantId), inArray(auditLog.action, [...actions])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

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
function scopeOf(f: Pick<AuditFilter, 'tenantId'>): SQL {
  return f.tenantId === undefined ? sql`true` : f.tenantId === null ? sql`${auditLog.tenantId} is null` : sql`${auditLog.tenantId} = ${f.tenantId}`;
}

/** The WHERE conditions of a filter without its cursor. Dates are UTC days, `to` included. */
function filtersOf(f: Omit<AuditFilter, 'cursor' | 'limit'>): SQL[] {
  const where = [scopeOf(f)];
  if (f.actor) where.push(sql`coalesce(${auditLog.userId}, ${auditLog.apiKeyId}) = ${f.actor}`);
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(sql`${auditLog.createdAt} >= ${f.from}::date::timestamp at time zone 'UTC'`);
  if (f.to) where.push(sql`${auditLog.createdAt} < (${f.to}::date + 1)::timestamp at time zone 'UTC'`);
  return where;
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
    const [at] = await db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.id, f.cursor), scope)).limit(1);
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

/** Columns of the Activity CSV, in order (docs/security.md 'Audit trail'). */
export const AUDIT_CSV_COLUMNS = ['Time (UTC)', 'Action', 'Actor', 'Actor Type', 'Actor ID', 'IP', 'Entity', 'Entity ID', 'Before', 'After'] as const;

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
      actor: safeCellSql(sql`coalesce(${people.name}, ${keys.name}, case when ${auditLog.userId} is null and ${auditLog.apiKeyId} is null then 'System' end)`).as(actor),
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

/**
 * Scrubs an erased customer's personal data from the tenant's audit trail, in `tx` (ADR 0026):
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
