import { eq } from 'drizzle-orm';
import type { StaffPasswordRequest } from '@loyalty/contract';
import { type TenantRequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { assertPasswordPolicy } from '../settings/index.ts';
import { PASSWORD_RESET_PURPOSE, revokeUnusedTokens } from '../auth/tokens.ts';
import { endOtherSessions } from './sessions.ts';
import { lockStaff } from './staff.ts';

/**
 * PUT /api/t/{slug}/users/{id}/password (docs/product.md 'Accounts and sign-in': argon2id): the
 * acting Store Admin of `ctx` sets the password of staff member `userId` of `ctx.tenant` (at
 * least the platform's passwordMinLength: else 400 'Password must be at least {n} characters
 * long' naming `body.password`, nothing written) and, in the same transaction, ends that user's
 * other sessions: every one of their sessions except `keptSessionHash` (the SHA-256 of the
 * caller's own session token, request.sessionHash: when an admin changes their own password
 * they stay signed in here; anyone else is signed out everywhere). Writes an audit_log row
 * (action 'user.password', after `{ sessionsEnded }`; never the password or its hash; the
 * actor: `ctx`'s user). The user's unused password reset links stop working.
 * Throws 404 'Staff member not found' (unknown, malformed, customer's, another tenant's).
 * Returns nothing (204 in the route).
 */
export async function changeStaffPassword(
  db: Database,
  ctx: TenantRequestContext,
  userId: string,
  input: StaffPasswordRequest,
  keptSessionHash: string | null,
): Promise<void> {
  const tenantId = ctx.tenant.id;
  await assertPasswordPolicy(db, input.password, 'body.password');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const user = await lockStaff(tx, tenantId, userId);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeUnusedTokens(tx, PASSWORD_RESET_PURPOSE, user.id);
    const sessionsEnded = await endOtherSessions(tx, user.id, keptSessionHash);
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'user.password',
      entity: 'user',
      entityId: user.id,
      before: null,
      after: { sessionsEnded },
    });
  });
}
