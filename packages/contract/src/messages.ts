import { z } from 'zod';
import { PASSWORD_MIN_FLOOR } from './auth.ts';

/**
 * Messages that reach people: the e-mail outbox the operator reads, and the
 * password recovery flow.
 */

/** POST /api/auth/forgot-password body: the address to send a reset link to. */
export const ForgotPasswordRequest = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** The one answer of POST /api/auth/forgot-password (202), whether or not the address has an account. */
export const FORGOT_PASSWORD_SENT = 'If an account exists for that address, we have sent it a link to reset the password. The link works for one hour.';

/** 202 body of POST /api/auth/forgot-password: always FORGOT_PASSWORD_SENT. */
export const ForgotPasswordResponse = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

/**
 * POST /api/auth/reset-password body: the token from the e-mailed link and the new password
 * (at least 6 here, at least the platform's `passwordMinLength` on the server).
 */
export const ResetPasswordRequest = z.object({
  token: z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(200),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_FLOOR, `Password must be at least ${PASSWORD_MIN_FLOOR} characters long`)
    .max(200, 'Password must be at most 200 characters long'),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** 400 text of POST /api/auth/reset-password for an unknown, used or expired token. */
export const RESET_LINK_INVALID = 'This link is invalid or has expired. Ask for a new one.';
/** 200 text of POST /api/auth/reset-password. */
export const PASSWORD_RESET_DONE = 'Your password has been changed. Sign in with the new one.';

/** 200 body of POST /api/auth/reset-password. */
export const ResetPasswordResponse = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

/**
 * Where an outbox message stands: PENDING (waiting for its next attempt), SENDING (claimed by
 * a worker), SENT, FAILED (refused for 24 hours; no more attempts), NOT_SENT (no SMTP server
 * configured when its turn came).
 */
export const OutboxStatus = z.enum(['PENDING', 'SENDING', 'SENT', 'FAILED', 'NOT_SENT']);
export type OutboxStatus = z.infer<typeof OutboxStatus>;

/** GET /api/platform/outbox query: optional status, recipient text (contains, case-insensitive), page from 1 (20 a page). */
export const OutboxQuery = z.object({
  status: OutboxStatus.optional(),
  to: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

/** One attempt to hand a message to the SMTP server: when, whether it was accepted, the error and how long it took (ms). */
export const OutboxAttempt = z.object({
  at: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type OutboxAttempt = z.infer<typeof OutboxAttempt>;

/** An outbox message as the operator sees it, with the rendered message (subject, text and HTML) and its attempts. */
export const OutboxItem = z.object({
  id: z.string(),
  tenantName: z.string().nullable(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: OutboxStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

/** GET /api/platform/outbox answer: newest first, 20 a page. */
export const OutboxListResponse = z.object({
  messages: z.array(OutboxItem),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type OutboxListResponse = z.infer<typeof OutboxListResponse>;

/** GET /api/platform/outbox/{id}: the message with its rendered bodies and every attempt. */
export const OutboxMessage = OutboxItem.extend({
  text: z.string(),
  html: z.string(),
  attemptLog: z.array(OutboxAttempt),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** How long an invitation link works: 7 days. */
export const INVITATION_TTL_DAYS = 7;

/** 400 text of the invitation routes for an unknown, used, revoked or expired invitation link. */
export const INVITATION_LINK_INVALID = 'This invitation is invalid or has expired. Ask the business for a new one.';

/** GET /api/auth/invitation?token= answer: who is invited, to which business. */
export const InvitationInfo = z.object({
  email: z.string(),
  firstName: z.string(),
  businessName: z.string(),
});
export type InvitationInfo = z.infer<typeof InvitationInfo>;

/**
 * POST /api/auth/accept-invitation body: the token from the invitation e-mail and the password
 * the new staff member chooses (the platform's password policy applies). Answers 200
 * AuthResponse, signed in (the session cookie is set).
 */
export const AcceptInvitationRequest = ResetPasswordRequest.extend({});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;
