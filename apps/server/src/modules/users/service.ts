import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Role, StaffCreateRequest, StaffListResponse, StaffPasswordRequest, StaffRole, StaffUpdateRequest, StaffUser } from '@loyalty/contract';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { isUuid } from '../../lib/uuid.ts';
import { writeAudit } from '../audit/service.ts';
import { assertPasswordPolicy } from '../settings/password-policy.ts';
import { requireStoreName, storeNames } from '../stores/service.ts';
import { assertPlanAllowsOneMore, lockTenantLimits, tenantNames } from '../tenants/index.ts';
import { renderTwoFactorReset, type TwoFactorResetBy } from '../../emails/two-factor-reset.tsx';
import { PASSWORD_RESET_PURPOSE, revokeUnusedTokens } from '../auth/tokens.ts';
import { enqueueEmail } from '../outbox/service.ts';
import { prepareInvitation, takeInvitation, writeInvitation, type InvitationBudget } from './invitations.ts';
import { turnOffTwoFactor } from './two-factor.ts';
import { accountColumns, endOtherSessions } from './sessions.ts';
import { activeStaffCount, STAFF_ROLES } from './views.ts';

export { claimTotpStep, hasTwoFactor, saveTwoFactorSecret, spendRecoveryCode, tenantAdmins, turnOffTwoFactor, turnOnTwoFactor, twoFactorAccount, type TwoFactorAccount } from './two-factor.ts';

/**
 * Accounts and staff (spec §2 'Staff Management', §6; decisions.md 'Accounts'): the users
 * module owns `users` (every login) and `sessions` (sessions.ts). Staff use cases live here;
 * sign-in, signup and the set-up link (auth, setup) and the operator (platform) go through
 * the account functions at the end of this file.
 */

/** Who acts, where: the request's tenant, the signed-in user (audit, self checks) and their session hash. */
export interface StaffActor {
  tenantId: string;
  userId: string;
  sessionHash: string | null;
  /** PUBLIC_URL: the base of invitation links (issue 16). */
  publicUrl?: string;
  /** The business's daily invitation budget (invitations.ts `takeInvitation`); needed to invite. */
  invitations?: InvitationBudget;
}

/** 400 text (field body.password) when a staff member is created with neither a password nor an invitation (issue 16). */
export const PASSWORD_OR_INVITE = 'Password is required';
/** 422 text of Resend and Revoke for a staff member who has accepted their invitation (or was never invited). */
export const NOT_INVITED = 'This staff member has already accepted the invitation';

/** 409 text: staff e-mail is the login, unique across the platform (decisions.md 'Accounts'). */
export const DUPLICATE_ACCOUNT_EMAIL = 'An account with this email already exists';
/** 400 text: spec §5 'Staff': cashiers should have a specific store. */
export const CASHIER_NEEDS_STORE = 'A cashier must be assigned to a store';
/** 409 text: no update may leave the tenant without an active Store Admin (our decision). */
export const LAST_ADMIN = 'This business must keep at least one active Store Admin. Make another staff member a Store Admin first.';

const duplicateEmail = () => conflict(DUPLICATE_ACCOUNT_EMAIL, [{ field: 'body.email', message: DUPLICATE_ACCOUNT_EMAIL }]);

/** Staff rows of a tenant (all, or the one `userId`) with their store's name, by first name, last name, e-mail. */
async function staffRows(db: DbOrTx, tenantId: string, userId?: string): Promise<StaffUser[]> {
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
 * (lower-cased), password (at least the platform's passwordMinLength, issue 12 item 8: else
 * 400 'Password must be at least {n} characters long' naming `body.password`; hashed with
 * argon2id before the transaction), role cashier
 * (default) or tenant_admin, storeId (null = all stores, Store Admin only).
 * Throws 400 'A cashier must be assigned to a store'; 404 'Store not found' (not a store of
 * this tenant); 409 'An account with this email already exists' (any user of the platform,
 * also when two creates race: the unique index decides); 403 FORBIDDEN 'Your {plan} plan
 * allows {n} staff member(s). Upgrade to add more.' when the tenant's active staff already
 * fill the plan's `limits.staff` (checked under the tenant row lock, ADR 0005; which limit
 * applies: tenants `planLimitsOf`). In one transaction it inserts the user (active) and an
 * audit_log row (action 'user.create', after: names, e-mail, role, store, active; never the
 * password). Returns the StaffUser (201 in the route), `lastLogin` null.
 * With `invite: true` (issue 16 'Staff invitations') no password is given: the account gets an
 * unusable random one and `invitationPending`, and in the same transaction an invitation link
 * (7 days) is e-mailed through the outbox (invitations.ts); the audit row's after says
 * `invited: true`. Neither a password nor `invite` → 400 'Password is required' (body.password).
 * An invitation takes one from the business's daily budget first (invitations.ts
 * `takeInvitation`: 20 a day in trial, 200 on a plan, resends included): 429 RATE_LIMITED
 * beyond it, nothing written; a create that fails afterwards gives it back.
 */
export async function createStaff(db: Database, actor: StaffActor, input: StaffCreateRequest, now = new Date()): Promise<StaffUser> {
  const { tenantId } = actor;
  const storeId = input.storeId ?? null;
  assertStoreForRole(input.role, storeId);
  const invite = input.invite === true;
  if (!invite && !input.password) throw badRequest(PASSWORD_OR_INVITE, [{ field: 'body.password', message: PASSWORD_OR_INVITE }]);
  if (!invite) await assertPasswordPolicy(db, input.password!, 'body.password');
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(invite ? randomBytes(32).toString('base64url') : input.password!);
  const invitation = invite
    ? await prepareInvitation({ email, firstName: input.firstName, role: input.role, businessName: await businessNameOf(db, tenantId), inviter: await inviterOf(db, actor) }, publicUrlOf(actor))
    : null;
  const giveBack = invite ? await takeInvitation(budgetOf(actor), tenantId, now) : null;
  try {
    return await db.transaction(async (tx) => {
      const limits = await lockTenantLimits(tx, tenantId);
      if (storeId) await requireStoreName(tx, tenantId, storeId);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw duplicateEmail();
      assertPlanAllowsOneMore(limits, 'staff', await activeStaffCount(tx, tenantId));
      const [user] = await tx
        .insert(users)
        .values({ tenantId, email, passwordHash, firstName: input.firstName, lastName: input.lastName, role: input.role, storeId, invitationPending: invite })
        .returning();
      if (invitation) await writeInvitation(tx, { userId: user.id, tenantId, email }, invitation, now);
      await writeAudit(tx, {
        tenantId,
        userId: actor.userId,
        action: 'user.create',
        entity: 'user',
        entityId: user.id,
        before: null,
        after: { ...audited(user), ...(invite ? { invited: true } : {}) },
      });
      const [staff] = await staffRows(tx, tenantId, user.id);
      return staff;
    });
  } catch (err) {
    await giveBack?.();
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
    if (user.active && !input.active) await endOtherSessions(tx, user.id, null);
    await writeAudit(tx, {
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
 * argon2id). Sets the staff user's password (at least the platform's passwordMinLength, issue
 * 12 item 8: else 400 'Password must be at least {n} characters long' naming `body.password`,
 * nothing written) and,
 * in the same transaction, ends that user's other sessions: every one of their sessions
 * except the caller's own (when an admin changes their own password they stay signed in
 * here; anyone else is signed out everywhere). Writes an audit_log row (action
 * 'user.password', after `{ sessionsEnded }`; never the password or its hash). The user's
 * unused password reset links stop working.
 * Throws 404 'Staff member not found' (unknown, malformed, customer's, another tenant's).
 * Returns nothing (204 in the route).
 */
export async function changeStaffPassword(db: Database, actor: StaffActor, userId: string, input: StaffPasswordRequest): Promise<void> {
  const { tenantId } = actor;
  await assertPasswordPolicy(db, input.password, 'body.password');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const user = await lockStaff(tx, tenantId, userId);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeUnusedTokens(tx, PASSWORD_RESET_PURPOSE, user.id);
    const sessionsEnded = await endOtherSessions(tx, user.id, actor.sessionHash);
    await writeAudit(tx, {
      tenantId,
      userId: actor.userId,
      action: 'user.password',
      entity: 'user',
      entityId: user.id,
      before: null,
      after: { sessionsEnded },
    });
  });
}

/** 403 text: a Store Admin's two-factor is reset by the platform operator, not by another Store Admin (ADR 0024). */
export const ADMIN_TWO_FACTOR_BY_OPERATOR = "Only the platform operator can reset a Store Admin's two-factor authentication";
/** 409 text: a reset of an account whose two-factor is off. */
export const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not on for this account';
/** The audit_log action of a two-factor reset by someone else (ADR 0024). */
export const TWO_FACTOR_RESET_AUDIT = 'user.2fa.reset';

/**
 * Resets (turns off) the two-factor sign-in of staff member `userId` of `actor.tenantId` for
 * someone who lost their authenticator (ADR 0024): POST /api/t/{slug}/users/{id}/2fa/reset (a
 * Store Admin, a cashier's) and POST /api/platform/tenants/{id}/users/{userId}/2fa/reset (the
 * operator, `by: 'operator'`, a Store Admin's or a cashier's). In ONE transaction, the user row
 * locked: the secret, last step and recovery codes cleared, an audit row 'user.2fa.reset'
 * (actor, the target's e-mail and role; tenant: the target's), and the e-mail 'Your two-factor
 * authentication was reset' to the person through the outbox. Their sessions stay.
 * Throws 404 'Staff member not found' (unknown, malformed, customer's, another tenant's);
 * 403 ADMIN_TWO_FACTOR_BY_OPERATOR when a Store Admin's is reset with `by: 'store_admin'`;
 * 409 TWO_FACTOR_NOT_ON when two-factor is off (nothing written).
 */
export async function resetStaffTwoFactor(db: Database, actor: { tenantId: string; userId: string }, userId: string, by: TwoFactorResetBy, now = new Date()): Promise<void> {
  const { tenantId } = actor;
  // Rendered before the transaction, so no lock waits for React.
  const [target] = isUuid(userId) ? await staffRows(db, tenantId, userId) : [];
  if (!target) throw notFound('Staff member not found');
  const message = await renderTwoFactorReset({ businessName: await businessNameOf(db, tenantId), firstName: target.firstName, by });
  await db.transaction(async (tx) => {
    const user = await lockStaff(tx, tenantId, userId);
    if (user.role === 'tenant_admin' && by !== 'operator') throw forbidden(ADMIN_TWO_FACTOR_BY_OPERATOR);
    if (!(await turnOffTwoFactor(tx, user.id))) throw conflict(TWO_FACTOR_NOT_ON);
    await enqueueEmail(tx, { tenantId, kind: 'two_factor_reset', to: user.email, ...message, now });
    await writeAudit(tx, { tenantId, userId: actor.userId, action: TWO_FACTOR_RESET_AUDIT, entity: 'user', entityId: user.id, before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false, email: user.email, role: user.role, by } });
  });
}

/** An account as sign-in reads it: the AuthUser fields, the password hash and whether it is active. */
export interface LoginAccount extends AuthUser {
  passwordHash: string;
  active: boolean;
}

/** The account whose e-mail is `email` (compared lower-cased) with its store's name, or null (sign-in, decisions.md 'Accounts'). */
export async function findLoginAccount(db: DbOrTx, email: string): Promise<LoginAccount | null> {
  const sn = storeNames(db);
  const [row] = await db
    .select({ ...accountColumns(sn), passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(sn, and(eq(sn.tenantId, users.tenantId), eq(sn.id, users.storeId)))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Stamps the account's last sign-in (`lastLogin`, shown on the staff list) at `at`. */
export async function recordLogin(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastLogin: at }).where(eq(users.id, userId));
}

/** The id of the account whose e-mail is exactly `email` (stored lower-case), or null. */
export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

/** A new account: a login e-mail (lower-cased here), an argon2id hash, names, a role and its tenant, store and customer links. */
export interface NewAccount {
  tenantId: string | null;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  storeId?: string | null;
  customerId?: string | null;
}

/**
 * Inserts an account in `tx` (signup's tenant_admin, the operator's tenant owner, the first
 * platform_admin) and returns it as an AuthUser (store name null: none of these has a
 * store). A taken e-mail throws the unique violation users_email_unique (the caller maps it
 * to its 409).
 */
export async function insertAccount(tx: DbOrTx, account: NewAccount): Promise<AuthUser> {
  const [user] = await tx
    .insert(users)
    .values({ ...account, email: account.email.toLowerCase() })
    .returning();
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    tenantId: user.tenantId,
    storeId: user.storeId,
    storeName: null,
    customerId: user.customerId,
  };
}

/** The fields the own-password change needs of an account, or null when it is gone. */
export async function findPasswordAccount(db: DbOrTx, userId: string): Promise<{ id: string; tenantId: string | null; passwordHash: string; active: boolean } | null> {
  const [user] = await db
    .select({ id: users.id, tenantId: users.tenantId, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

/**
 * Replaces the account's password hash by `newHash` in `tx` only if it still is `expectedHash`
 * (compare-and-swap: a concurrent change wins). Returns whether it was replaced. A replaced
 * hash revokes the account's unused password reset links (docs/security.md 'Passwords').
 */
export async function swapPasswordHash(tx: DbOrTx, userId: string, expectedHash: string, newHash: string): Promise<boolean> {
  const swapped = await tx
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
    .returning({ id: users.id });
  if (swapped.length > 0) await revokeUnusedTokens(tx, PASSWORD_RESET_PURPOSE, userId);
  return swapped.length > 0;
}

/** True when at least one platform_admin account exists (active or not). */
export async function platformAdminExists(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'platform_admin')).limit(1);
  return rows.length > 0;
}

/**
 * Detaches the platform_admin accounts linked to tenant `tenantId` (tenant, store and customer
 * links set to null) in `tx`, so that deleting the tenant does not delete them through the
 * cascade of users.tenant_id.
 */
export async function detachPlatformAdmins(tx: Tx, tenantId: string): Promise<void> {
  await tx.update(users).set({ tenantId: null, storeId: null, customerId: null }).where(and(eq(users.tenantId, tenantId), eq(users.role, 'platform_admin')));
}

/** The business's name for its messages. */
async function businessNameOf(db: DbOrTx, tenantId: string): Promise<string> {
  return (await tenantNames(db, [tenantId])).get(tenantId)?.name ?? '';
}

/** The name and e-mail of the person inviting (the actor), as the invitation shows them. */
async function inviterOf(db: DbOrTx, actor: StaffActor): Promise<{ name: string; email: string }> {
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, actor.userId));
  if (!u) throw new Error('The inviting user does not exist');
  return { name: `${u.firstName} ${u.lastName}`.trim(), email: u.email };
}

/** The actor's invitation budget (the routes always pass it). */
function budgetOf(actor: StaffActor): InvitationBudget {
  if (!actor.invitations) throw new Error('StaffActor.invitations is needed to invite');
  return actor.invitations;
}

/** The base of invitation links: the actor's PUBLIC_URL (the routes always pass it). */
function publicUrlOf(actor: StaffActor): string {
  if (!actor.publicUrl) throw new Error('StaffActor.publicUrl is needed to invite');
  return actor.publicUrl;
}

/** The invited (not yet accepted) staff member `userId` of the tenant, locked; 404 unknown (or not staff), 422 NOT_INVITED when accepted. */
async function lockInvitee(tx: Tx, tenantId: string, userId: string) {
  const user = await lockStaff(tx, tenantId, userId);
  if (!user.invitationPending) throw new AppError('BUSINESS_RULE', NOT_INVITED);
  return user;
}

/**
 * POST /api/t/{slug}/users/{id}/invitation (issue 16): e-mails the invited staff member a new
 * link (7 days; their older link stops working) through the outbox, with an audit row
 * 'user.invitation.resend', in one transaction. 404 unknown user, 422 NOT_INVITED. A resend
 * counts against the business's daily invitations like a new one (429 RATE_LIMITED beyond it,
 * nothing written).
 */
export async function resendInvitation(db: Database, actor: StaffActor, userId: string, now = new Date()): Promise<void> {
  const { tenantId } = actor;
  const businessName = await businessNameOf(db, tenantId);
  const inviter = await inviterOf(db, actor);
  const giveBack = await takeInvitation(budgetOf(actor), tenantId, now);
  try {
    await db.transaction(async (tx) => {
      const user = await lockInvitee(tx, tenantId, userId);
      const role = user.role as 'cashier' | 'tenant_admin';
      const invitation = await prepareInvitation({ email: user.email, firstName: user.firstName, role, businessName, inviter }, publicUrlOf(actor));
      await writeInvitation(tx, { userId: user.id, tenantId, email: user.email }, invitation, now);
      await writeAudit(tx, { tenantId, userId: actor.userId, action: 'user.invitation.resend', entity: 'user', entityId: user.id, before: null, after: { email: user.email } });
    });
  } catch (err) {
    await giveBack();
    throw err;
  }
}

/**
 * DELETE /api/t/{slug}/users/{id}/invitation (issue 16): withdraws the invitation: the invited
 * account, which never had a password of its own, is removed with its tokens, and an audit row
 * 'user.invitation.revoke' (before: the account's fields) is written, in one transaction.
 * 404 unknown user, 422 NOT_INVITED (an accepted account is deactivated instead, PUT /users/{id}).
 */
export async function revokeInvitation(db: Database, actor: StaffActor, userId: string): Promise<void> {
  const { tenantId } = actor;
  await db.transaction(async (tx) => {
    const user = await lockInvitee(tx, tenantId, userId);
    await tx.delete(users).where(and(eq(users.tenantId, tenantId), eq(users.id, user.id)));
    await writeAudit(tx, { tenantId, userId: actor.userId, action: 'user.invitation.revoke', entity: 'user', entityId: user.id, before: audited(user), after: null });
  });
}

/** An invited account as the invitation page and its acceptance read it: e-mail, first name, tenant, whether still pending and active. */
export async function invitedAccount(db: DbOrTx, userId: string): Promise<{ id: string; email: string; firstName: string; tenantId: string | null; pending: boolean; active: boolean } | null> {
  const [u] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, tenantId: users.tenantId, pending: users.invitationPending, active: users.active })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}

/** Sets the password hash of an invited account and ends its pending state in `tx`, only while still pending (revoking its unused reset links); returns whether it did. */
export async function completeInvitation(tx: DbOrTx, userId: string, passwordHash: string): Promise<boolean> {
  const done = await tx
    .update(users)
    .set({ passwordHash, invitationPending: false })
    .where(and(eq(users.id, userId), eq(users.invitationPending, true)))
    .returning({ id: users.id });
  if (done.length > 0) await revokeUnusedTokens(tx, PASSWORD_RESET_PURPOSE, userId);
  return done.length > 0;
}

/** The tenant's active Store Admins who have a password of their own (not pending an invitation): e-mail and first name, by e-mail (issue 16: card order status). */
export async function tenantAdminContacts(db: DbOrTx, tenantId: string): Promise<{ email: string; firstName: string }[]> {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'tenant_admin'), eq(users.active, true), eq(users.invitationPending, false)))
    .orderBy(asc(users.email));
}

/**
 * Deletes, in `tx`, the login accounts (role customer) of customer `customerId` of the tenant
 * (ADR 0026: an erased customer keeps no account): their sessions, trusted devices and
 * single-use tokens go with them (foreign keys ON DELETE CASCADE), so every session ends at
 * once. Returns the deleted accounts: id, e-mail and names (the erasure scrubs them elsewhere).
 */
export async function removeCustomerLogins(tx: DbOrTx, tenantId: string, customerId: string): Promise<{ id: string; email: string; firstName: string; lastName: string }[]> {
  return tx
    .delete(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.customerId, customerId), eq(users.role, 'customer')))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
}
