import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StaffRole, StaffUser } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { storeNames } from '../stores/index.ts';
import type { InvitationBudget } from './invitations.ts';
import { STAFF_ROLES } from './views.ts';

/**
 * What the staff use cases share: the refusal texts, the staff rows as the API shows them, the
 * row lock and the invitation's sender. Who acts and where comes from the request's context
 * (src/context.ts `TenantRequestContext`: its tenant, its user for the audit rows).
 */

/**
 * What an invitation is sent with besides the request's context (docs/security.md 'Limits that
 * hold'): `publicUrl`, PUBLIC_URL, the base of the invitation link; `budget`, the business's
 * daily invitation budget (invitations.ts `takeInvitation`).
 */
export interface InvitationSender {
  publicUrl: string;
  budget: InvitationBudget;
}

/** 400 text (field body.password) when a staff member is created with neither a password nor an invitation. */
export const PASSWORD_OR_INVITE = 'Password is required';

/** 422 text of Resend and Revoke for a staff member who has accepted their invitation (or was never invited). */
export const NOT_INVITED = 'This staff member has already accepted the invitation';

/** 409 text: staff e-mail is the login, unique across the platform (docs/product.md 'Accounts and sign-in'). */
const DUPLICATE_ACCOUNT_EMAIL = 'An account with this email already exists';

/** 400 text: docs/product.md 'Roles': cashiers should have a specific store. */
export const CASHIER_NEEDS_STORE = 'A cashier must be assigned to a store';

/** 409 text: no update may leave the tenant without an active Store Admin (our decision). */
export const LAST_ADMIN = 'This business must keep at least one active Store Admin. Make another staff member a Store Admin first.';

/** 409 DUPLICATE_ACCOUNT_EMAIL with details field body.email. */
export const duplicateEmail = () => conflict(DUPLICATE_ACCOUNT_EMAIL, [{ field: 'body.email', message: DUPLICATE_ACCOUNT_EMAIL }]);

/** Staff rows of a tenant (all, or the one `userId`) with their store's name, by first name, last name, e-mail. */
export async function staffRows(db: DbOrTx, tenantId: string, userId?: string): Promise<StaffUser[]> {
  const sn = storeNames(db);
  const rows = await db
    .select({ user: users, storeName: sn.name })
    .from(users)
    .leftJoin(sn, and(eq(sn.tenantId, users.tenantId), eq(sn.id, users.storeId)))
    .where(and(eq(users.tenantId, tenantId), inArray(users.role, STAFF_ROLES), userId ? eq(users.id, userId) : undefined))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map(({ user, storeName }) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as StaffUser['role'],
    storeId: user.storeId,
    store: user.storeId && storeName !== null ? { name: storeName } : null,
    active: user.active,
    invited: user.invitationPending,
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
    lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
  }));
}

/** 400 CASHIER_NEEDS_STORE (details `body.storeId`) when a cashier would have no store (docs/product.md 'Roles'). */
export function assertStoreForRole(role: StaffRole, storeId: string | null): void {
  if (role === 'cashier' && !storeId) throw badRequest(CASHIER_NEEDS_STORE, [{ field: 'body.storeId', message: CASHIER_NEEDS_STORE }]);
}

/** The audited fields of a staff user (never the password or its hash). */
export function audited(u: { email: string; firstName: string; lastName: string; role: string; storeId: string | null; active: boolean }) {
  return { email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, storeId: u.storeId, active: u.active };
}

/** Locks and returns staff user `userId` of the tenant, or throws 404 'Staff member not found' (customer, other tenant, unknown, malformed). */
export async function lockStaff(tx: Tx, tenantId: string, userId: string) {
  if (!isUuid(userId)) throw notFound('Staff member not found');
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), inArray(users.role, STAFF_ROLES)))
    .for('update');
  if (!user) throw notFound('Staff member not found');
  return user;
}

/**
 * The name and e-mail of the person inviting (user `inviterId`, the request's acting user), as
 * the invitation shows them. Throws (a programming error) when there is no such user.
 */
export async function inviterOf(db: DbOrTx, inviterId: string | null): Promise<{ name: string; email: string }> {
  if (!inviterId) throw new Error('An invitation is sent by a signed-in user');
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, inviterId));
  if (!u) throw new Error('The inviting user does not exist');
  return { name: `${u.firstName} ${u.lastName}`.trim(), email: u.email };
}
