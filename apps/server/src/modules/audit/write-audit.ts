import type { TypedAuditEvent } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { actingApiKeyId, actingUserId, type RequestContext } from '../../context.ts';

/**
 * The audit trail (docs/security.md 'Audit trail'): the module that owns `audit_log`. Every
 * other module records its changes through `writeAudit` (a batch through `writeAudits`; the
 * earn's database function stores the values of `auditRowValues`), in the transaction of the change, so an
 * audit row exists exactly when the change committed.
 */

/**
 * Who an audit entry records as acting (docs/security.md 'Audit trail'): the signed-in user's
 * id (`userId`, null for the system, an API key or nobody), the /api/v1 key's id (`apiKeyId`,
 * stored in audit_log.api_key_id) and the client address (`ip`, `request.ip`, which honours
 * TRUST_PROXY; null for a job). Every entry states all three: nothing fills them in behind the
 * caller's back, so no audit row can lose its actor.
 */
export interface AuditActor {
  userId: string | null;
  apiKeyId: string | null;
  ip: string | null;
}

/**
 * The actor of `ctx` as the audit trail records it (see AuditActor): the acting user's id, the
 * acting API key's id and the context's client address. A job's `systemContext` gives all three
 * null. A use case whose user is known only by the use case itself (a sign-in, an accepted
 * invitation) overrides `userId` and keeps the rest.
 */
export function auditActorOf(ctx: RequestContext): AuditActor {
  return { userId: actingUserId(ctx), apiKeyId: actingApiKeyId(ctx), ip: ctx.ip };
}

/**
 * Where and by whom an audit entry happened: the tenant (`tenantId`, null for platform-level
 * changes), the entity's id (`entityId`, null when the change has none, e.g. a rules set), and
 * the actor (AuditActor: all three fields required, usually `...auditActorOf(ctx)`).
 */
interface AuditTarget extends AuditActor {
  tenantId: string | null;
  entityId: string | null;
}

/**
 * One audit entry (docs/security.md 'Audit trail'; ADR 0032): an AuditTarget and a
 * TypedAuditEvent of the contract, so `action` (one of AUDIT_ACTIONS) decides `entity` and the
 * shapes of `before` and `after` (JSON; never a password, hash or key; money in integer cents).
 * A side that is always null for its kind may be left out.
 */
export type AuditEntry = AuditTarget & TypedAuditEvent;

/**
 * One audit_log row as values (ADR 0032): the entry's tenant, actor (user_id, api_key_id, ip),
 * action, entity, entity id and `before`/`after`
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

/** The row values of `entry` (see AuditRowValues): absent sides as null. */
export function auditRowValues(entry: AuditEntry): AuditRowValues {
  return {
    tenantId: entry.tenantId,
    userId: entry.userId,
    apiKeyId: entry.apiKeyId,
    ip: entry.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

/**
 * Writes one audit_log row in the caller's transaction (or database): the entry's tenant,
 * actor (user_id, api_key_id, ip, as the entry states them), action, entity, entity id and `before`/`after` as jsonb (absent -> null), typed by the entry's action.
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
