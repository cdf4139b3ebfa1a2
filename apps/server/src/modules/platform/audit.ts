import type { AuditEventOf } from '@loyalty/contract';
import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../context.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';

/**
 * Audit actions of the platform operator (docs/security.md 'Audit trail'). They are written with `tenant_id` null,
 * so that the platform's history survives a tenant's deletion (audit_log rows of a tenant
 * cascade with it); the tenant's id, name and slug travel in `entity_id` and before/after.
 * The recent-activity list (GET /api/platform/activity) reads the update, delete and plan
 * actions back.
 */
export const PLATFORM_AUDIT = {
  tenantCreate: 'platform.tenant.create',
  tenantUpdate: 'platform.tenant.update',
  tenantDelete: 'platform.tenant.delete',
  planCreate: 'platform.plan.create',
  planUpdate: 'platform.plan.update',
  planDelete: 'platform.plan.delete',
} as const;

/** The operator's audit kinds of PLATFORM_AUDIT. */
type PlatformAuditAction = (typeof PLATFORM_AUDIT)[keyof typeof PLATFORM_AUDIT];

/**
 * Writes one platform audit row (tenant_id null) in the caller's transaction: the actor of
 * `ctx` (the operator's user id and client address, audit `auditActorOf`), and the event typed
 * by its action (AuditEventShapes, ADR 0032).
 */
export async function writePlatformAudit(tx: Tx, ctx: RequestContext, event: { entityId: string } & AuditEventOf<PlatformAuditAction>): Promise<void> {
  await writeAudit(tx, { tenantId: null, ...auditActorOf(ctx), ...event });
}
