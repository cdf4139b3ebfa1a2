import type { ActivityQuery, AuditListResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { listAudit, toAuditEvent } from '../audit/index.ts';
import { tenantIdBySlug, tenantNames } from '../tenants/index.ts';

/**
 * The operator's Activity page (docs/security.md 'Audit trail'): one page of audit events of
 * every tenant and of the platform (plans, settings, tenant status, operator sign-ins), newest
 * first, filtered as the tenant's list; `tenant` narrows to one tenant by slug, or to platform
 * events with 'platform'. Each event names its tenant (null for platform events; a deleted
 * tenant's events went with it). Throws 404 'Tenant not found' for an unknown slug, 400
 * 'Invalid cursor'.
 */
export async function platformAuditPage(db: DbOrTx, q: ActivityQuery): Promise<AuditListResponse> {
  let tenantId: string | null | undefined;
  if (q.tenant === 'platform') tenantId = null;
  else if (q.tenant) {
    tenantId = await tenantIdBySlug(db, q.tenant);
    if (!tenantId) throw notFound('Tenant not found');
  }
  const { tenant: _slug, ...filter } = q;
  const page = await listAudit(db, { ...filter, tenantId });
  const names = await tenantNames(
    db,
    page.rows.flatMap((r) => (r.tenantId ? [r.tenantId] : [])),
  );
  return { items: page.rows.map((r) => toAuditEvent(r, r.tenantId ? (names.get(r.tenantId) ?? null) : null)), nextCursor: page.nextCursor };
}
