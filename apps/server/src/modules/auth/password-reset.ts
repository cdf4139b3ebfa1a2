import { randomBytes } from 'node:crypto';
import { RESET_LINK_INVALID, type ResetPasswordRequest } from '@loyalty/contract';
import { asc, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { passwordResetRequests } from '../../db/schema/index.ts';
import { renderPasswordReset } from '../../emails/password-reset.tsx';
import { PRODUCT_NAME } from '../../emails/render.ts';
import { badRequest } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { assertPasswordPolicy } from '../settings/index.ts';
import { tenantNames } from '../tenants/index.ts';
import { completeInvitation, endOtherSessions, findLoginAccount, findPasswordAccount, swapPasswordHash } from '../users/index.ts';
import { issueUserToken, lockToken, PASSWORD_RESET_PURPOSE, spendToken, tokenUsable } from './tokens.ts';

/** How long a reset link works: one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Forgot-password requests one outbox run takes at most (the rest wait for the next run). */
const RESET_REQUEST_BATCH = 50;

/**
 * POST /api/auth/forgot-password (docs/security.md 'Passwords'): records the request (one
 * insert of the e-mail as typed, lower-cased, at `now`) and nothing else, so the answer takes
 * the same time whether or not the address has an account; the outbox worker does the lookup
 * and the e-mail (`processPasswordResetRequests`).
 */
export async function queuePasswordReset(db: Database, email: string, now: Date): Promise<void> {
  await db.insert(passwordResetRequests).values({ email: email.toLowerCase(), requestedAt: now });
}

/**
 * The outbox worker's first step (modules/outbox/job.ts `before`, wired in main.ts): takes up to
 * RESET_REQUEST_BATCH queued forgot-password requests, oldest first (deleted as they are taken,
 * `FOR UPDATE SKIP LOCKED`, so two instances never take one twice), and runs
 * `requestPasswordReset` for each at `now`. Returns how many messages were written.
 */
export async function processPasswordResetRequests(db: Database, opts: { publicUrl: string; now: Date }): Promise<number> {
  const taken = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: passwordResetRequests.id, email: passwordResetRequests.email })
      .from(passwordResetRequests)
      .orderBy(asc(passwordResetRequests.requestedAt))
      .limit(RESET_REQUEST_BATCH)
      .for('update', { skipLocked: true });
    if (rows.length)
      await tx.delete(passwordResetRequests).where(
        inArray(
          passwordResetRequests.id,
          rows.map((r) => r.id),
        ),
      );
    return rows;
  });
  let written = 0;
  for (const r of taken) if (await requestPasswordReset(db, r.email, opts)) written++;
  return written;
}

/**
 * The work of a forgot-password request (ADR 0023), in the outbox worker: when `email` is an active account's (any role),
 * in ONE transaction: a new single-use token (256 random bits, only its SHA-256 stored, one
 * hour; the account's older unused reset links stop working), the e-mail with the link
 * `{publicUrl}/reset-password?token=…` written to the outbox (from the account's business, or
 * the product for a platform admin), and an audit row 'user.password.reset_requested' (the
 * account as actor; no API key, no address: the worker serves no request).
 * Returns whether a message was written; the route answers the same 202 either way, so the
 * answer tells nobody whether the address has an account.
 */
async function requestPasswordReset(db: Database, email: string, opts: { publicUrl: string; now: Date }): Promise<boolean> {
  const account = await findLoginAccount(db, email);
  if (!account || !account.active) return false;
  const token = randomBytes(32).toString('base64url');
  const businessName = account.tenantId ? ((await tenantNames(db, [account.tenantId])).get(account.tenantId)?.name ?? PRODUCT_NAME) : PRODUCT_NAME;
  const message = await renderPasswordReset({ businessName, firstName: account.firstName, resetUrl: `${opts.publicUrl}/reset-password?token=${token}` });
  await db.transaction(async (tx) => {
    await issueUserToken(tx, PASSWORD_RESET_PURPOSE, account.id, hashToken(token), new Date(opts.now.getTime() + RESET_TOKEN_TTL_MS), opts.now);
    await enqueueEmail(tx, { tenantId: account.tenantId, kind: 'password_reset', to: account.email, ...message, now: opts.now });
    await writeAudit(tx, {
      tenantId: account.tenantId,
      // The worker serves no request: the account is the actor, with no key and no address.
      userId: account.id,
      apiKeyId: null,
      ip: null,
      action: 'user.password.reset_requested',
      entity: 'user',
      entityId: account.id,
      before: null,
      after: null,
    });
  });
  return true;
}

/**
 * POST /api/auth/reset-password: spends the token and sets the password. Checks, in
 * this order, and writes nothing when one fails:
 * - 400 RESET_LINK_INVALID when the token is unknown, used, expired, or its account is gone or
 *   deactivated (checked before the password is hashed, so a bad link costs no argon2 run);
 * - 400 'Password must be at least {n} characters long' (field body.password): the platform's
 *   password policy (`assertPasswordPolicy`).
 * Then, in ONE transaction with the token locked (two uses of one link run one after the other;
 * the second finds it spent): the argon2id hash replaced, the token spent, EVERY session of
 * the account ended, an audit row 'user.password.reset' (after `{ sessionsEnded }`; the account
 * as actor, the address of `ctx`). `ctx.now` is the instant the link is checked at.
 */
export async function resetPassword(db: Database, input: ResetPasswordRequest, ctx: RequestContext): Promise<void> {
  const { now } = ctx;
  const tokenHash = hashToken(input.token);
  const invalid = () => badRequest(RESET_LINK_INVALID);
  if (!(await tokenUsable(db, PASSWORD_RESET_PURPOSE, tokenHash, now))) throw invalid();
  await assertPasswordPolicy(db, input.password, 'body.password');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const token = await lockToken(tx, PASSWORD_RESET_PURPOSE, tokenHash);
    if (!token || token.usedAt || token.expiresAt <= now || !token.userId) throw invalid();
    const account = await findPasswordAccount(tx, token.userId);
    if (!account || !account.active) throw invalid();
    // Spent first: the hash write below revokes the account's unused reset links.
    await spendToken(tx, tokenHash, now);
    if (!(await swapPasswordHash(tx, account.id, account.passwordHash, passwordHash))) throw invalid();
    // An invited staff member who resets instead of accepting has chosen a password all the same.
    await completeInvitation(tx, account.id, passwordHash);
    const sessionsEnded = await endOtherSessions(tx, account.id, null);
    await writeAudit(tx, {
      tenantId: account.tenantId,
      ...auditActorOf(ctx),
      userId: account.id,
      action: 'user.password.reset',
      entity: 'user',
      entityId: account.id,
      before: null,
      after: { sessionsEnded },
    });
  });
}
