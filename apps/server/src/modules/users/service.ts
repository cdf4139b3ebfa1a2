import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { StaffCreateRequest, StaffListResponse, StaffPasswordRequest, StaffRole, StaffUpdateRequest, StaffUser } from '@loyalty/contract';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { auditLog, sessions, stores, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { assertPlanAllowsOneMore, isUuid, lockTenantLimits, requireStoreName } from '../stores/service.ts';

/** The roles a tenant's staff list holds (spec §6: staff creation offers only these two). */
const STAFF_ROLES: StaffRole[] = ['tenant_admin', 'cashier'];

/** Who acts, where: the request's tenant, the signed-in user (audit, self checks) and their session hash. */
export interface StaffActor {
  tenantId: string;
  userId: string;
  sessionHash: string | null;
}

/** 409 text: staff e-mail is the login, unique across the platform (decisions.md 'Accounts'). */
export const DUPLICATE_ACCOUNT_EMAIL = 'An account with this email already exists';
/** 400 text: spec §5 'Staff': cashiers should have a specific store. */
export const CASHIER_NEEDS_STORE = 'A cashier must be assigned to a store';
/** 409 text: no update may leave the tenant without an active Store Admin (our decision). */
export const LAST_ADMIN = 'This business must keep at least one active Store Admin. Make another staff member a Store Admin first.';

const duplicateEmail = () => conflict(DUPLICATE_ACCOUNT_EMAIL, [{ field: 'body.email', message: DUPLICATE_ACCOUNT_EMAIL }]);

/** Staff rows of a tenant (all, or the one `userId`) with their store's name, by first name, last name, e-mail. */
async function staffRows(db: DbOrTx, tenantId: string, userId?: string): Promise<StaffUser[]> {
  const rows = await db
    .select({ user: users, storeName: stores.name })
    .from(users)
    .leftJoin(stores, and(eq(stores.tenantId, users.tenantId), eq(stores.id, users.storeId)))
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
    lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
  }));
}

/**
 * GET /api/t/{slug}/users (spec §2 'Staff Management', §3 'Staff user'): the tenant's staff,
 * i.e. its users with role tenant_admin or cashier (never customers, never the platform
 * admin, never another tenant's), sorted by first name, last name, e-mail, each with its
 * store's name (null = all stores), active flag and `lastLogin` (ISO-8601 or null when the
 * user never signed in). Returns `{ users }`.
 */
export async function listStaff(db: DbOrTx, tenantId: string): Promise<StaffListResponse> {
  return { users: await staffRows(db, tenantId) };
}

/** Number of ACTIVE staff (tenant_admin and cashier) of the tenant: what the plan's `limits.staff` bounds. */
async function activeStaffCount(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.role, STAFF_ROLES), eq(users.active, true)));
  return Number(row.n);
}

/** 400 CASHIER_NEEDS_STORE (details `body.storeId`) when a cashier would have no store (spec §5 'Staff'). */
function assertStoreForRole(role: StaffRole, storeId: string | null): void {
  if (role === 'cashier' && !storeId) throw badRequest(CASHIER_NEEDS_STORE, [{ field: 'body.storeId', message: CASHIER_NEEDS_STORE }]);
}

/** The audited fields of a staff user (never the password or its hash). */
function audited(u: { email: string; firstName: string; lastName: string; role: string; storeId: string | null; active: boolean }) {
  return { email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, storeId: u.storeId, active: u.active };
}

/**
 * POST /api/t/{slug}/users (spec §2 'Add New Staff Member', §5 'Staff', §6; decisions.md
 * 'Accounts', 'Trial, subscription and quota'). Input StaffCreateRequest: names, e-mail
 * (lower-cased), password (≥ 6, hashed with argon2id before the transaction), role cashier
 * (default) or tenant_admin, storeId (null = all stores, Store Admin only).
 * Throws 400 'A cashier must be assigned to a store'; 404 'Store not found' (not a store of
 * this tenant); 409 'An account with this email already exists' (any user of the platform,
 * also when two creates race: the unique index decides); 403 FORBIDDEN 'Your {plan} plan
 * allows {n} staff member(s). Upgrade to add more.' when the tenant's active staff already
 * fill the plan's `limits.staff` (checked under the tenant row lock, ADR 0005; which limit
 * applies: `lockTenantLimits`). In one transaction it inserts the user (active) and an
 * audit_log row (action 'user.create', after: names, e-mail, role, store, active; never the
 * password). Returns the StaffUser (201 in the route), `lastLogin` null.
 */
export async function createStaff(db: Database, actor: StaffActor, input: StaffCreateRequest): Promise<StaffUser> {
  const { tenantId } = actor;
  const storeId = input.storeId ?? null;
  assertStoreForRole(input.role, storeId);
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const limits = await lockTenantLimits(tx, tenantId);
      if (storeId) await requireStoreName(tx, tenantId, storeId);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw duplicateEmail();
      assertPlanAllowsOneMore(limits, 'staff', await activeStaffCount(tx, tenantId));
      const [user] = await tx
        .insert(users)
        .values({ tenantId, email, passwordHash, firstName: input.firstName, lastName: input.lastName, role: input.role, storeId })
        .returning();
      await tx.insert(auditLog).values({
        tenantId,
        userId: actor.userId,
        action: 'user.create',
        entity: 'user',
        entityId: user.id,
        before: null,
        after: audited(user),
      });
      const [staff] = await staffRows(tx, tenantId, user.id);
      return staff;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw duplicateEmail();
    throw err;
  }
}

/** Locks and returns staff user `userId` of the tenant, or throws 404 'Staff member not found' (customer, other tenant, unknown, malformed). */
async function lockStaff(tx: Tx, tenantId: string, userId: string) {
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
 * PUT /api/t/{slug}/users/{id} (spec §2 'Edit Staff Member', §5 'Staff', §7: no e-mail, no
 * password). Input StaffUpdateRequest: names, role, storeId (null or absent = all stores),
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
 * store, active). Returns the StaffUser.
 */
export async function updateStaff(db: Database, actor: StaffActor, userId: string, input: StaffUpdateRequest): Promise<StaffUser> {
  const { tenantId } = actor;
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
    if (user.active && !input.active) await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.insert(auditLog).values({
      tenantId,
      userId: actor.userId,
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

/**
 * PUT /api/t/{slug}/users/{id}/password (spec §3 'password change'; decisions.md 'Accounts':
 * argon2id). Sets the staff user's password (≥ 6 characters, validated by the contract) and,
 * in the same transaction, ends that user's other sessions: every one of their sessions
 * except the caller's own (when an admin changes their own password they stay signed in
 * here; anyone else is signed out everywhere). Writes an audit_log row (action
 * 'user.password', after `{ sessionsEnded }`; never the password or its hash).
 * Throws 404 'Staff member not found' (unknown, malformed, customer's, another tenant's).
 * Returns nothing (204 in the route).
 */
export async function changeStaffPassword(db: Database, actor: StaffActor, userId: string, input: StaffPasswordRequest): Promise<void> {
  const { tenantId } = actor;
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const user = await lockStaff(tx, tenantId, userId);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), actor.sessionHash ? ne(sessions.tokenHash, actor.sessionHash) : undefined))
      .returning({ tokenHash: sessions.tokenHash });
    await tx.insert(auditLog).values({
      tenantId,
      userId: actor.userId,
      action: 'user.password',
      entity: 'user',
      entityId: user.id,
      before: null,
      after: { sessionsEnded: ended.length },
    });
  });
}
