import type { ChangePasswordRequest } from '@loyalty/contract';
import { type RequestContext, actingUser } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, unauthenticated } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertPasswordPolicy } from '../settings/index.ts';
import { endOtherSessions, findPasswordAccount, swapPasswordHash } from '../users/index.ts';

/** 400 text (field body.currentPassword) when the current password given is not the account's. */
const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
/** 400 text (field body.newPassword) when the new password is the current one. */
const SAME_PASSWORD = 'Choose a password different from the current one';
/** The audit_log action of an own-password change. */
const PASSWORD_CHANGE_AUDIT = 'user.password.change';

/**
 * PUT /api/auth/password (docs/product.md 'Accounts and sign-in'): the signed-in user of `ctx`
 * (`actingUser`; any role: customer, cashier, tenant_admin, platform_admin) changes their own
 * password; `keptSessionHash` is the SHA-256 of the token of the session they use
 * (request.sessionHash), the one session that stays signed in. Checks, in this order, and writes
 * nothing when one fails:
 * - 400 VALIDATION_ERROR 'Current password is incorrect' (details field body.currentPassword)
 *   when `currentPassword` does not verify against the stored argon2id hash. This is not a
 *   login: it counts towards no login throttle (the route has its own per-user rate limit);
 * - 400 'Password must be at least {n} characters long' (field body.newPassword) when the new
 *   password breaks the platform's password policy (`assertPasswordPolicy`);
 * - 400 'Choose a password different from the current one' (field body.newPassword) when the
 *   new password equals the current one.
 * Then, in ONE transaction: the hash is replaced (argon2id, `hashPassword`) only if it is still
 * the one just verified (a concurrent change wins and this one answers 'Current password is
 * incorrect'); every OTHER session of the user ends (`endOtherSessions`: the caller's session
 * `keptSessionHash` stays signed in); an audit_log row 'user.password.change' (tenant: the user's,
 * null for platform_admin; after `{ sessionsEnded }`, never a password or hash) is written.
 * Throws 401 when no user acts, or the user no longer exists or is inactive. Returns the number
 * of sessions ended.
 */
export async function changeOwnPassword(db: Database, ctx: RequestContext, input: ChangePasswordRequest, keptSessionHash: string | null): Promise<number> {
  const user = await findPasswordAccount(db, actingUser(ctx).id);
  if (!user || !user.active) throw unauthenticated();
  const wrongCurrent = () => badRequest(CURRENT_PASSWORD_INCORRECT, [{ field: 'body.currentPassword', message: CURRENT_PASSWORD_INCORRECT }]);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw wrongCurrent();
  await assertPasswordPolicy(db, input.newPassword, 'body.newPassword');
  if (input.newPassword === input.currentPassword) throw badRequest(SAME_PASSWORD, [{ field: 'body.newPassword', message: SAME_PASSWORD }]);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    if (!(await swapPasswordHash(tx, user.id, user.passwordHash, passwordHash))) throw wrongCurrent();
    const sessionsEnded = await endOtherSessions(tx, user.id, keptSessionHash);
    await writeAudit(tx, {
      tenantId: user.tenantId,
      ...auditActorOf(ctx),
      action: PASSWORD_CHANGE_AUDIT,
      entity: 'user',
      entityId: user.id,
      before: null,
      after: { sessionsEnded },
    });
    return sessionsEnded;
  });
}
