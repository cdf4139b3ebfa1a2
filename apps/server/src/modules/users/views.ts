import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { StaffRole } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';

/**
 * Read views of the users module's `users` table for other modules (ADR 0012): counts and
 * lookups that the stores list, the tenant view, billing usage and the operator's tenant list
 * show. Read-only; imports no other module, so any module may read them, including the
 * stores module that the users service itself depends on.
 */

/** The roles a tenant's staff holds (staff creation offers only these two). */
export const STAFF_ROLES: StaffRole[] = ['tenant_admin', 'cashier'];

/**
 * Users of the tenant bound to each store (store id → count; stores without users are
 * absent), all stores or only `storeId`. One grouped query (the stores list's `_count.users`).
 */
export async function staffCountsByStore(db: DbOrTx, tenantId: string, storeId?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ storeId: users.storeId, n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNotNull(users.storeId), storeId ? eq(users.storeId, storeId) : undefined))
    .groupBy(users.storeId);
  return new Map(rows.map((r) => [r.storeId!, Number(r.n)]));
}

/** Number of the tenant's users of every role but customer (the tenant view's `_count.users`). */
export async function nonCustomerUserCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`${users.role} <> 'customer'`));
  return row?.n ?? 0;
}

/** Number of ACTIVE staff (tenant_admin and cashier) of the tenant: what the plan's `limits.staff` bounds. */
export async function activeStaffCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.role, STAFF_ROLES), eq(users.active, true)));
  return Number(row?.n ?? 0);
}

/** Users of every role but customer per tenant of `tenantIds` (tenant id → count), one grouped query. */
export async function nonCustomerUserCountsByTenant(db: DbOrTx, tenantIds: readonly string[]): Promise<Map<string, number>> {
  if (!tenantIds.length) return new Map();
  const rows = await db
    .select({ tenantId: users.tenantId, n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(inArray(users.tenantId, [...tenantIds]), sql`${users.role} <> 'customer'`))
    .groupBy(users.tenantId);
  return new Map(rows.map((r) => [r.tenantId!, r.n]));
}

/** A tenant's owner as the operator's list shows it. */
export interface TenantOwner {
  email: string;
  firstName: string;
  lastName: string;
}

/** The owner of each of `tenantIds`: its oldest active tenant_admin (created_at, then id); tenants without one are absent. One query. */
export async function tenantOwners(db: DbOrTx, tenantIds: readonly string[]): Promise<Map<string, TenantOwner>> {
  if (!tenantIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([users.tenantId], { tenantId: users.tenantId, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.tenantId, [...tenantIds]), eq(users.role, 'tenant_admin'), eq(users.active, true)))
    .orderBy(users.tenantId, asc(users.createdAt), asc(users.id));
  return new Map(rows.map((r) => [r.tenantId!, { email: r.email, firstName: r.firstName, lastName: r.lastName }]));
}

/**
 * The ids of the tenants having a tenant_admin whose e-mail contains `text` (trimmed;
 * case-insensitive, wildcards literal), each once, in no order: the operator's tenant search by
 * the owner's e-mail (docs/product.md 'Roles'). Handed over as values (ADR 0036): at most one id
 * per tenant, so a search that matches every admin (say '.com') answers every tenant's id. A
 * blank text answers [] without a query.
 */
export async function tenantIdsWithAdminEmailContaining(db: DbOrTx, text: string): Promise<string[]> {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const rows = await db
    .selectDistinct({ tenantId: users.tenantId })
    .from(users)
    .where(and(eq(users.role, 'tenant_admin'), sql`lower(${users.email}) like ${containsPattern(trimmed.toLowerCase())}`, isNotNull(users.tenantId)));
  return rows.map((r) => r.tenantId!);
}

/**
 * Account names as a subquery `(id, name)` ('First Last') for another module's display join
 * (who created an API key). A plain projection, joined like the table itself.
 */
export function userNames(db: DbOrTx) {
  return db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`.as('user_full_name') })
    .from(users)
    .as('user_names');
}
