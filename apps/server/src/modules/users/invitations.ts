import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { renderInvitation } from '../../emails/invitation.tsx';
import { hashToken } from '../../http/session.ts';
import { INVITATION_PURPOSE, issueUserToken } from '../auth/tokens.ts';
import { enqueueEmail } from '../outbox/service.ts';

/** How long an invitation link works, ms (7 days). */
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** A staff member to invite: the new account and the business it joins. */
export interface Invitee {
  userId: string;
  tenantId: string;
  email: string;
  firstName: string;
  role: 'cashier' | 'tenant_admin';
  businessName: string;
}

/**
 * A rendered invitation with its token (issue 16 'Staff invitations'): 256 random bits,
 * base64url; the link `{publicUrl}/accept-invitation?token=…`. Rendered before the transaction
 * that writes it (`writeInvitation`), so no lock waits for React.
 */
export async function prepareInvitation(invitee: Omit<Invitee, 'userId' | 'tenantId'>, publicUrl: string) {
  const token = randomBytes(32).toString('base64url');
  const message = await renderInvitation({
    businessName: invitee.businessName,
    firstName: invitee.firstName,
    role: invitee.role === 'tenant_admin' ? 'a Store Admin' : 'a cashier',
    acceptUrl: `${publicUrl}/accept-invitation?token=${token}`,
  });
  return { token, message };
}

/**
 * In `tx`: the invitation token of `invitee` (only its SHA-256 stored; their older unused
 * invitation links stop working; valid 7 days from `now`) and the e-mail in the outbox.
 */
export async function writeInvitation(tx: DbOrTx, invitee: Pick<Invitee, 'userId' | 'tenantId' | 'email'>, prepared: Awaited<ReturnType<typeof prepareInvitation>>, now: Date): Promise<void> {
  await issueUserToken(tx, INVITATION_PURPOSE, invitee.userId, hashToken(prepared.token), new Date(now.getTime() + INVITATION_TTL_MS), now);
  await enqueueEmail(tx, { tenantId: invitee.tenantId, kind: 'invitation', to: invitee.email, ...prepared.message, now });
}
