import type { PlatformTenantAdminsResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { tenantNames } from '../tenants/index.ts';
import { resetStaffTwoFactor, tenantAdmins } from '../users/index.ts';
import { TENANT_NOT_FOUND } from './tenants.ts';

/** Throws 404 'Tenant not found' unless `tenantId` is an existing tenant's id. */
async function requireTenant(db: Database, tenantId: string): Promise<void> {
  if (!isUuid(tenantId) || !(await tenantNames(db, [tenantId])).has(tenantId)) throw notFound(TENANT_NOT_FOUND);
}

/**
 * GET /api/platform/tenants/{id}/admins (ADR 0024): the tenant's Store Admins with their
 * two-factor state, by name, for the operator's two-factor reset. 404 'Tenant not found'.
 */
export async function listTenantAdmins(db: Database, tenantId: string): Promise<PlatformTenantAdminsResponse> {
  await requireTenant(db, tenantId);
  return { admins: await tenantAdmins(db, tenantId) };
}

/**
 * POST /api/platform/tenants/{id}/users/{userId}/2fa/reset (ADR 0024): the operator turns off
 * the two-factor of a staff member of tenant `tenantId` (a Store Admin who lost their
 * authenticator; a cashier too), audited (tenant: the tenant's; actor: the operator) and e-mailed
 * to the person (`resetStaffTwoFactor`, by 'operator'). 404 'Tenant not found'; 404 'Staff member
 * not found' (unknown, a customer's, another tenant's); 409 when two-factor is off.
 */
export async function resetTenantUserTwoFactor(db: Database, actorId: string, tenantId: string, userId: string, now: Date): Promise<void> {
  await requireTenant(db, tenantId);
  await resetStaffTwoFactor(db, { tenantId, userId: actorId }, userId, 'operator', now);
}
