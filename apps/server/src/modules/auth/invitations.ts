import { INVITATION_LINK_INVALID, type AcceptInvitationRequest, type InvitationInfo } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { AuthUser, RequestContext } from '../../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertPasswordPolicy } from '../settings/index.ts';
import { tenantNames } from '../tenants/index.ts';
import { completeInvitation, findLoginAccount, invitedAccount } from '../users/index.ts';
import { INVITATION_PURPOSE, lockToken, spendToken, usableTokenUserId } from './tokens.ts';

/** The invited account of a usable token, or null (unknown, used, expired, revoked, accepted or deactivated). */
async function inviteeOf(db: DbOrTx, token: string, now: Date) {
  const userId = await usableTokenUserId(db, INVITATION_PURPOSE, hashToken(token), now);
  if (!userId) return null;
  const account = await invitedAccount(db, userId);
  return account && account.pending && account.active ? account : null;
}

/**
 * GET /api/auth/invitation?token= (public): who is invited to
 * which business, for the page that sets the password. 400 INVITATION_LINK_INVALID when the
 * link cannot be used (unknown, used, expired after 7 days, revoked, already accepted).
 */
export async function invitationInfo(db: Database, token: string, now: Date): Promise<InvitationInfo> {
  const account = await inviteeOf(db, token, now);
  if (!account?.tenantId) throw badRequest(INVITATION_LINK_INVALID);
  const businessName = (await tenantNames(db, [account.tenantId])).get(account.tenantId)?.name ?? '';
  return { email: account.email, firstName: account.firstName, businessName };
}

/**
 * POST /api/auth/accept-invitation: sets the invited staff member's password and
 * returns the account to sign in. Checks, in this order, writing nothing when one fails:
 * 400 INVITATION_LINK_INVALID (checked before any password is hashed); 400 'Password must be at
 * least {n} characters long' (body.password, the platform's policy). Then in ONE transaction
 * with the token locked (a second use finds it spent): the hash set and the invitation no longer
 * pending (only while still pending: a revoke or an earlier acceptance wins), the token spent,
 * an audit row 'user.invitation.accept' (the invitee as actor, the address of `ctx`; `ctx.now`
 * is the instant the link is checked at).
 */
export async function acceptInvitation(db: Database, input: AcceptInvitationRequest, ctx: RequestContext): Promise<AuthUser> {
  const { now } = ctx;
  const invalid = () => badRequest(INVITATION_LINK_INVALID);
  const account = await inviteeOf(db, input.token, now);
  if (!account) throw invalid();
  await assertPasswordPolicy(db, input.password, 'body.password');
  const passwordHash = await hashPassword(input.password);
  const tokenHash = hashToken(input.token);
  await db.transaction(async (tx) => {
    const token = await lockToken(tx, INVITATION_PURPOSE, tokenHash);
    if (!token || token.usedAt || token.expiresAt <= now || token.userId !== account.id) throw invalid();
    if (!(await completeInvitation(tx, account.id, passwordHash))) throw invalid();
    await spendToken(tx, tokenHash, now);
    await writeAudit(tx, {
      tenantId: account.tenantId,
      ...auditActorOf(ctx),
      userId: account.id,
      action: 'user.invitation.accept',
      entity: 'user',
      entityId: account.id,
      before: null,
      after: null,
    });
  });
  const user = await findLoginAccount(db, account.email);
  if (!user) throw invalid();
  const { passwordHash: _hash, active: _active, ...authUser } = user;
  return authUser;
}
