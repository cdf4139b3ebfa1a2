import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { renderInvitation } from '../../emails/invitation.tsx';
import type { CounterStore } from '../../lib/counter-store.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { DAY_MS } from '../../lib/time.ts';
import { INVITATION_PURPOSE, issueUserToken } from '../auth/tokens.ts';
import { enqueueEmail } from '../outbox/index.ts';

/** How long an invitation link works, ms (7 days). */
const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * Invitation e-mails (new ones and resends alike) a business may send in a day (docs/security.md
 * 'Limits that hold'): an invitation is mail from the platform to any address, so a business
 * signed up for a free trial must not turn it into a mailing service.
 */
const INVITATIONS_PER_DAY = { trial: 20, plan: 200 } as const;

/** What counts a business's invitations: the shared counters (database or Redis) and whether the business is on a plan. */
export interface InvitationBudget {
  counters: CounterStore;
  /** On a paid plan (200 a day); otherwise in trial (20 a day). */
  onPlan: boolean;
}

/** The 429 text when a business has sent its invitations for the day. */
function invitationLimitMessage(onPlan: boolean): string {
  return onPlan
    ? `This business has sent its ${INVITATIONS_PER_DAY.plan} invitations for today (resends count). Try again tomorrow.`
    : `This business has sent its ${INVITATIONS_PER_DAY.trial} invitations for today (resends count). Try again tomorrow, or choose a plan to send up to ${INVITATIONS_PER_DAY.plan} a day.`;
}

/**
 * Takes one invitation from the business's budget for the day at `now` (a 24-hour window that
 * opens with its first invitation), counted atomically in the shared counters. Throws 429
 * RATE_LIMITED `invitationLimitMessage` beyond INVITATIONS_PER_DAY, before anything is written.
 * Returns a function that gives the invitation back, for when it ends up not being sent (the
 * transaction that writes it failed).
 */
export async function takeInvitation(budget: InvitationBudget, tenantId: string, now: Date): Promise<() => Promise<void>> {
  const key = `invitations:${tenantId}`;
  const limit = budget.onPlan ? INVITATIONS_PER_DAY.plan : INVITATIONS_PER_DAY.trial;
  const window = await budget.counters.hit(key, DAY_MS, now);
  const giveBack = () => budget.counters.release(key, now);
  if (window.count > limit) {
    await giveBack();
    throw new AppError('RATE_LIMITED', invitationLimitMessage(budget.onPlan));
  }
  return giveBack;
}

/** A staff member to invite: the new account and the business it joins. */
export interface Invitee {
  userId: string;
  tenantId: string;
  email: string;
  firstName: string;
  role: 'cashier' | 'tenant_admin';
  businessName: string;
  /** Who sends the invitation: their name and e-mail, as the message shows them. */
  inviter: { name: string; email: string };
}

/**
 * A rendered invitation with its token: 256 random bits,
 * base64url; the link `{publicUrl}/accept-invitation?token=…`. Rendered before the transaction
 * that writes it (`writeInvitation`), so no lock waits for React.
 */
export async function prepareInvitation(invitee: Omit<Invitee, 'userId' | 'tenantId'>, publicUrl: string) {
  const token = randomBytes(32).toString('base64url');
  const message = await renderInvitation({
    businessName: invitee.businessName,
    firstName: invitee.firstName,
    role: invitee.role === 'tenant_admin' ? 'a Store Admin' : 'a cashier',
    inviterName: invitee.inviter.name,
    inviterEmail: invitee.inviter.email,
    acceptUrl: `${publicUrl}/accept-invitation?token=${token}`,
  });
  return { token, message };
}

/**
 * In `tx`: the invitation token of `invitee` (only its SHA-256 stored; their older unused
 * invitation links stop working; valid 7 days from `now`) and the e-mail in the outbox.
 */
export async function writeInvitation(
  tx: DbOrTx,
  invitee: Pick<Invitee, 'userId' | 'tenantId' | 'email'>,
  prepared: Awaited<ReturnType<typeof prepareInvitation>>,
  now: Date,
): Promise<void> {
  await issueUserToken(tx, INVITATION_PURPOSE, invitee.userId, hashToken(prepared.token), new Date(now.getTime() + INVITATION_TTL_MS), now);
  await enqueueEmail(tx, { tenantId: invitee.tenantId, kind: 'invitation', to: invitee.email, ...prepared.message, now });
}
