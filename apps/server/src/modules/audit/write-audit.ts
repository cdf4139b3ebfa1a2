import type { TypedAuditEvent } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { currentRequestActor } from '../../lib/request-actor.ts';

/**
 * The audit trail (docs/security.md 'Audit trail'): the module that owns `audit_log`. Every
 * other module records its changes through `writeAudit` (a batch through `writeAudits`; the
 * earn's database function stores the values of `auditRowValues`), in the transaction of the change, so an
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
 * One audit_log row as values (ADR 0032): the entry's tenant, actor (user_id, api_key_id, ip;
 * from the current request when not given), action, entity, entity id and `before`/`after`
 * (JSON values, absent -> null), typed by the entry's action. For a writer that stores the row
 * itself in the same statement as its change (the earn's database function, ADR 0028): the
 * shape is checked here, the values travel as parameters.
 */
export interface AuditRowValues {
  tenantId: string | null;
  userId: string | null;
  apiKeyId: string | null;
  ip: string | null;
  action: TypedAuditEvent['action'];
  entity: TypedAuditEvent['entity'];
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** The row values of `entry` (see AuditRowValues): the actor resolved, absent sides as null. */
export function auditRowValues(entry: AuditEntry): AuditRowValues {
  return {
    tenantId: entry.tenantId,
    ...actorOf(entry),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

/**
 * Writes one audit_log row in the caller's transaction (or database): the entry's tenant,
 * actor (user_id, api_key_id, ip; from the current request when not given), action, entity,
 * entity id and `before`/`after` as jsonb (absent -> null), typed by the entry's action.
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditRowValues(entry));
}

/**
 * Writes the rows of `entries` (as writeAudit, each typed by its action) in ONE statement in
 * the caller's transaction: a batch job's events (the expiry job's 'cashback.expire', up to
 * 1000 a batch, ADR 0015). Nothing is written for no entries.
 */
export async function writeAudits(tx: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(entries.map(auditRowValues));
}
