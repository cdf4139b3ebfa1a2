import { and, eq, ne } from 'drizzle-orm';
import type { StaffUpdateRequest, StaffUser } from '@loyalty/contract';
import { type TenantRequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { requireStoreName } from '../stores/index.ts';
import { assertPlanAllowsOneMore, lockTenantLimits } from '../tenants/index.ts';
import { endOtherSessions } from './sessions.ts';
import { activeStaffCount } from './views.ts';
import { LAST_ADMIN, assertStoreForRole, audited, lockStaff, staffRows } from './staff.ts';

/**
 * PUT /api/t/{slug}/users/{id} (docs/product.md 'Roles'; no e-mail, no password): the acting
 * Store Admin of `ctx` changes staff member `userId` of `ctx.tenant`. Input StaffUpdateRequest: names, role, storeId (null or absent = all stores),
 * active. In ONE DB transaction, tenant row locked first (ADR 0005), then the user row:
 * - 404 'Staff member not found': unknown or malformed id, a customer's or another tenant's user.
 * - 400 'A cashier must be assigned to a store'; 404 'Store not found' (not this tenant's).
 * - 409 LAST_ADMIN: the change (deactivation, or demotion to cashier) would leave the
 *   tenant with no active tenant_admin; this is what stops an admin locking themselves and
 *   everyone else out. The tenant lock makes two admins demoting each other at once safe.
 * - 403 plan staff limit when an inactive user is re-activated while the active staff fill
 *   the plan's limit (the limit bounds active staff; see `createStaff`).
 * Deactivating (active true → false) deletes all the user's sessions rows in the same
 * transaction, so their cookies answer 401 at once; login then refuses them (auth service).
 * Writes an audit_log row (action 'user.update', before and after: names, e-mail, role,
 * store, active; the actor: `ctx`'s user). Returns the StaffUser.
 */
export async function updateStaff(db: Database, ctx: TenantRequestContext, userId: string, input: StaffUpdateRequest): Promise<StaffUser> {
  const tenantId = ctx.tenant.id;
  const storeId = input.storeId ?? null;
  return db.transaction(async (tx) => {
    const limits = await lockTenantLimits(tx, tenantId);
    const user = await lockStaff(tx, tenantId, userId);
    assertStoreForRole(input.role, storeId);
    if (storeId) await requireStoreName(tx, tenantId, storeId);
    const wasActiveAdmin = user.active && user.role === 'tenant_admin';
    const staysActiveAdmin = input.active && input.role === 'tenant_admin';
    if (wasActiveAdmin && !staysActiveAdmin) {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.role, 'tenant_admin'), eq(users.active, true), ne(users.id, user.id)))
        .limit(1);
      if (!other) throw conflict(LAST_ADMIN, [{ field: input.active ? 'body.role' : 'body.active', message: LAST_ADMIN }]);
    }
    if (input.active && !user.active) assertPlanAllowsOneMore(limits, 'staff', await activeStaffCount(tx, tenantId));
    const next = { firstName: input.firstName, lastName: input.lastName, role: input.role, storeId, active: input.active };
    await tx.update(users).set(next).where(eq(users.id, user.id));
    if (user.active && !input.active) await endOtherSessions(tx, user.id, null);
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'user.update',
      entity: 'user',
      entityId: user.id,
      before: audited(user),
      after: audited({ ...user, ...next }),
    });
    const [staff] = await staffRows(tx, tenantId, user.id);
    return staff;
  });
}
