import type { StaffListResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { staffRows } from './staff.ts';

/**
 * GET /api/t/{slug}/users (docs/product.md 'Roles'): the tenant's staff,
 * i.e. its users with role tenant_admin or cashier (never customers, never the platform
 * admin, never another tenant's), sorted by first name, last name, e-mail, each with its
 * store's name (null = all stores), active flag and `lastLogin` (ISO-8601 or null when the
 * user never signed in). Returns `{ users }`.
 */
export async function listStaff(db: DbOrTx, tenantId: string): Promise<StaffListResponse> {
  return { users: await staffRows(db, tenantId) };
}
