import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StaffCreateRequest, StaffUser } from '@loyalty/contract';
import { type TenantRequestContext, actingUserId } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertPasswordPolicy } from '../settings/index.ts';
import { requireStoreName } from '../stores/index.ts';
import { assertPlanAllowsOneMore, lockTenantLimits } from '../tenants/index.ts';
import { prepareInvitation, takeInvitation, writeInvitation } from './invitations.ts';
import { activeStaffCount } from './views.ts';
import { type InvitationSender, PASSWORD_OR_INVITE, assertStoreForRole, audited, duplicateEmail, inviterOf, staffRows } from './staff.ts';

/**
 * POST /api/t/{slug}/users (docs/product.md 'Roles', 'Accounts and sign-in';
 * the plan's staff limit under the tenant-row lock, ADR 0005): the acting Store Admin of `ctx`
 * adds a staff member to `ctx.tenant` at `ctx.now`. Input StaffCreateRequest: names, e-mail
 * (lower-cased), password (at least the platform's passwordMinLength: else
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
 * password; the actor: `ctx`'s user). Returns the StaffUser (201 in the route), `lastLogin` null.
 * With `invite: true` no password is given: the account gets an
 * unusable random one and `invitationPending`, and in the same transaction an invitation link
 * (7 days, on `sender.publicUrl`; from the acting user, in the name of `ctx.tenant`) is e-mailed
 * through the outbox (invitations.ts); the audit row's after says
 * `invited: true`. Neither a password nor `invite` → 400 'Password is required' (body.password).
 * An invitation takes one from the business's daily budget `sender.budget` first (invitations.ts
 * `takeInvitation`: 20 a day in trial, 200 on a plan, resends included): 429 RATE_LIMITED
 * beyond it, nothing written; a create that fails afterwards gives it back.
 */
export async function createStaff(db: Database, ctx: TenantRequestContext, input: StaffCreateRequest, sender: InvitationSender): Promise<StaffUser> {
  const { now } = ctx;
  const tenantId = ctx.tenant.id;
  const storeId = input.storeId ?? null;
  assertStoreForRole(input.role, storeId);
  const invite = input.invite === true;
  if (!invite && !input.password) throw badRequest(PASSWORD_OR_INVITE, [{ field: 'body.password', message: PASSWORD_OR_INVITE }]);
  if (!invite) await assertPasswordPolicy(db, input.password!, 'body.password');
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(invite ? randomBytes(32).toString('base64url') : input.password!);
  const invitation = invite
    ? await prepareInvitation(
        { email, firstName: input.firstName, role: input.role, businessName: ctx.tenant.name, inviter: await inviterOf(db, actingUserId(ctx)) },
        sender.publicUrl,
      )
    : null;
  const giveBack = invite ? await takeInvitation(sender.budget, tenantId, now) : null;
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
        ...auditActorOf(ctx),
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
