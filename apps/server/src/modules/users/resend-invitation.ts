import { and, eq } from 'drizzle-orm';
import { type TenantRequestContext, actingUserId } from '../../context.ts';
import type { Database, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { prepareInvitation, takeInvitation, writeInvitation } from './invitations.ts';
import { type InvitationSender, NOT_INVITED, audited, inviterOf, lockStaff } from './staff.ts';

/** The invited (not yet accepted) staff member `userId` of the tenant, locked; 404 unknown (or not staff), 422 NOT_INVITED when accepted. */
async function lockInvitee(tx: Tx, tenantId: string, userId: string) {
  const user = await lockStaff(tx, tenantId, userId);
  if (!user.invitationPending) throw new AppError('BUSINESS_RULE', NOT_INVITED);
  return user;
}

/**
 * POST /api/t/{slug}/users/{id}/invitation (docs/product.md 'Roles'): the acting Store Admin of
 * `ctx` e-mails the invited staff member `userId` of `ctx.tenant` a new link (7 days from
 * `ctx.now`, on `sender.publicUrl`; their older link stops working) through the outbox, with an
 * audit row 'user.invitation.resend' (the actor: `ctx`'s user), in one transaction. 404 unknown
 * user, 422 NOT_INVITED. A resend counts against the business's daily invitations
 * `sender.budget` like a new one (429 RATE_LIMITED beyond it, nothing written; docs/security.md
 * 'Limits that hold').
 */
export async function resendInvitation(db: Database, ctx: TenantRequestContext, userId: string, sender: InvitationSender): Promise<void> {
  const { now } = ctx;
  const tenantId = ctx.tenant.id;
  const businessName = ctx.tenant.name;
  const inviter = await inviterOf(db, actingUserId(ctx));
  const giveBack = await takeInvitation(sender.budget, tenantId, now);
  try {
    await db.transaction(async (tx) => {
      const user = await lockInvitee(tx, tenantId, userId);
      const role = user.role as 'cashier' | 'tenant_admin';
      const invitation = await prepareInvitation({ email: user.email, firstName: user.firstName, role, businessName, inviter }, sender.publicUrl);
      await writeInvitation(tx, { userId: user.id, tenantId, email: user.email }, invitation, now);
      await writeAudit(tx, {
        tenantId,
        ...auditActorOf(ctx),
        action: 'user.invitation.resend',
        entity: 'user',
        entityId: user.id,
        before: null,
        after: { email: user.email },
      });
    });
  } catch (err) {
    await giveBack();
    throw err;
  }
}

/**
 * DELETE /api/t/{slug}/users/{id}/invitation (docs/product.md 'Roles'): the acting Store Admin
 * of `ctx` withdraws the invitation of staff member `userId` of `ctx.tenant`: the invited
 * account, which never had a password of its own, is removed with its tokens, and an audit row
 * 'user.invitation.revoke' (before: the account's fields) is written, in one transaction.
 * 404 unknown user, 422 NOT_INVITED (an accepted account is deactivated instead, PUT /users/{id}).
 */
export async function revokeInvitation(db: Database, ctx: TenantRequestContext, userId: string): Promise<void> {
  const tenantId = ctx.tenant.id;
  await db.transaction(async (tx) => {
    const user = await lockInvitee(tx, tenantId, userId);
    await tx.delete(users).where(and(eq(users.tenantId, tenantId), eq(users.id, user.id)));
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'user.invitation.revoke',
      entity: 'user',
      entityId: user.id,
      before: audited(user),
      after: null,
    });
  });
}
