import type { PlatformTenantAdminsResponse } from '@loyalty/contract';
import type { RequestContext, TenantContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { tenantContextById, tenantNames } from '../tenants/index.ts';
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

/** Tenant `tenantId` as a TenantContext; throws 404 'Tenant not found' (malformed or unknown id). */
async function tenantById(db: Database, tenantId: string): Promise<TenantContext> {
  const tenant = isUuid(tenantId) ? await tenantContextById(db, tenantId) : null;
  if (!tenant) throw notFound(TENANT_NOT_FOUND);
  return tenant;
}

/**
 * POST /api/platform/tenants/{id}/users/{userId}/2fa/reset (ADR 0024): the operator, the
 * signed-in user of `ctx` (a platform route: no tenant of its own), turns off the two-factor of
 * a staff member of tenant `tenantId` (a Store Admin who lost their authenticator; a cashier
 * too), audited (tenant: the tenant's; actor: the operator) and e-mailed to the person at
 * `ctx.now` (`resetStaffTwoFactor` with `ctx` in that tenant, by 'operator'). 404 'Tenant not
 * found'; 404 'Staff member not found' (unknown, a customer's, another tenant's); 409 when
 * two-factor is off.
 */
export async function resetTenantUserTwoFactor(db: Database, ctx: RequestContext, tenantId: string, userId: string): Promise<void> {
  const tenant = await tenantById(db, tenantId);
  await resetStaffTwoFactor(db, { ...ctx, tenant }, userId, 'operator');
}
