import { sql, type SQL } from 'drizzle-orm';
import type { AuditKind, TypedAuditEvent } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { currentRequestActor } from '../../lib/request-actor.ts';

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
interface AuditTarget {
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
