import { ForgotPasswordRequest, RESET_LINK_INVALID } from '@loyalty/contract';
import { z } from 'zod';
import { passwordRule } from '@/hooks/use-password-policy';
import { fieldIssues, isApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { translate } from '@/lib/i18n';
import { authMessages } from '../messages';

/**
 * The forms of password recovery and how their failures read. /forgot-password asks
 * for an e-mail address; /reset-password for a new password (the platform's minimum) typed twice.
 */

/** /forgot-password: the e-mail address, required, then the contract's rule ('Enter a valid email address'). */
export const forgotPasswordForm = z.object({
  email: z.string().trim().min(1, translate(authMessages, 'emailRequired')).pipe(ForgotPasswordRequest.shape.email),
});
/** The zod type of {@link forgotPasswordForm}. */
export type ForgotPasswordForm = typeof forgotPasswordForm;

/**
 * /reset-password: the new password, at least the platform's `minLength` (the server's own
 * message; never below the contract's 6), and its confirmation ('Passwords do not match').
 * `messages` words the empty fields; /accept-invitation uses the same form with its own.
 */
export function resetPasswordForm(
  minLength: number,
  messages: { required: string; confirm: string } = {
    required: translate(authMessages, 'resetPasswordRequired'),
    confirm: translate(authMessages, 'resetConfirmRequired'),
  },
) {
  return z
    .object({
      password: passwordRule(minLength, messages.required),
      confirmPassword: z.string().min(1, messages.confirm),
    })
    .refine((v) => v.password === v.confirmPassword, { message: translate(authMessages, 'passwordsDoNotMatch'), path: ['confirmPassword'] });
}
/** The zod type of {@link resetPasswordForm}. */
export type ResetPasswordForm = ReturnType<typeof resetPasswordForm>;

/**
 * Whether a failed reset means the link cannot be used: the server's RESET_LINK_INVALID (unknown,
 * used or expired token), or a 400 naming the token (a truncated link).
 */
export function isResetLinkInvalid(error: unknown): boolean {
  if (!isApiError(error, 400)) return false;
  return error.message === RESET_LINK_INVALID || fieldIssues(error).some((i) => i.field === 'token');
}

/**
 * The text of a failure that no field explains: no answer at all → the network message; an
 * answer with the server's `{ error, code }` (429 'Too many attempts…') → its text; else `fallback`.
 */
export function recoveryFailure(error: unknown, fallback: string): string {
  if (isApiError(error, 0)) return NETWORK_ERROR_MESSAGE;
  if (isApiError(error) && error.code && error.message) return error.message;
  return fallback;
}
