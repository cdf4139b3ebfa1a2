import { type TenantRequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { renderTwoFactorReset, type TwoFactorResetBy } from '../../emails/two-factor-reset.tsx';
import { enqueueEmail } from '../outbox/index.ts';
import { turnOffTwoFactor } from './two-factor.ts';
import { lockStaff, staffRows } from './staff.ts';

/** 403 text: a Store Admin's two-factor is reset by the platform operator, not by another Store Admin (ADR 0024). */
const ADMIN_TWO_FACTOR_BY_OPERATOR = "Only the platform operator can reset a Store Admin's two-factor authentication";

/** 409 text: a reset of an account whose two-factor is off. */
const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not on for this account';

/** The audit_log action of a two-factor reset by someone else (ADR 0024). */
const TWO_FACTOR_RESET_AUDIT = 'user.2fa.reset';

/**
 * Resets (turns off) the two-factor sign-in of staff member `userId` of `ctx.tenant` for
 * someone who lost their authenticator (ADR 0024): POST /api/t/{slug}/users/{id}/2fa/reset (a
 * Store Admin, a cashier's) and POST /api/platform/tenants/{id}/users/{userId}/2fa/reset (the
 * operator, `by: 'operator'`, a Store Admin's or a cashier's). In ONE transaction, the user row
 * locked: the secret, last step and recovery codes cleared, an audit row 'user.2fa.reset'
 * (actor: `ctx`'s user; the target's e-mail and role; tenant: the target's), and the e-mail 'Your
 * two-factor authentication was reset' (in the name of `ctx.tenant`, written at `ctx.now`) to
 * the person through the outbox. Their sessions stay. The operator's call hands the context of
 * its request with the target's tenant set (platform/two-factor.ts).
 * Throws 404 'Staff member not found' (unknown, malformed, customer's, another tenant's);
 * 403 ADMIN_TWO_FACTOR_BY_OPERATOR when a Store Admin's is reset with `by: 'store_admin'`;
 * 409 TWO_FACTOR_NOT_ON when two-factor is off (nothing written).
 */
export async function resetStaffTwoFactor(db: Database, ctx: TenantRequestContext, userId: string, by: TwoFactorResetBy): Promise<void> {
  const { now } = ctx;
  const tenantId = ctx.tenant.id;
  // Rendered before the transaction, so no lock waits for React.
  const [target] = isUuid(userId) ? await staffRows(db, tenantId, userId) : [];
  if (!target) throw notFound('Staff member not found');
  const message = await renderTwoFactorReset({ businessName: ctx.tenant.name, firstName: target.firstName, by });
  await db.transaction(async (tx) => {
    const user = await lockStaff(tx, tenantId, userId);
    if (user.role === 'tenant_admin' && by !== 'operator') throw forbidden(ADMIN_TWO_FACTOR_BY_OPERATOR);
    if (!(await turnOffTwoFactor(tx, user.id))) throw conflict(TWO_FACTOR_NOT_ON);
    await enqueueEmail(tx, { tenantId, kind: 'two_factor_reset', to: user.email, ...message, now });
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: TWO_FACTOR_RESET_AUDIT,
      entity: 'user',
      entityId: user.id,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false, email: user.email, role: user.role, by },
    });
  });
}
