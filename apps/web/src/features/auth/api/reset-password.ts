import type { ResetPasswordRequest, ResetPasswordResponse } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * POST /api/auth/reset-password `{ token, password }` (public): sets a new password
 * with the one-time token of an e-mailed link. Does not sign the user in.
 * @returns 200 `{ message }`: PASSWORD_RESET_DONE ('Your password has been changed. Sign in
 *   with the new one.').
 * @throws {ApiError} 400 with the message RESET_LINK_INVALID for an unknown, used or expired
 *   token; 400 VALIDATION_ERROR with details naming `body.password` when the password breaks
 *   the policy (e.g. 'Password must be at least 8 characters long') or `body.token` for a
 *   malformed token; 429 when rate limited; 0 on network failure.
 */
function resetPassword(body: ResetPasswordRequest): Promise<ResetPasswordResponse> {
  return answer(client.POST('/api/auth/reset-password', { body }));
}

/**
 * Mutation hook of {@link resetPassword}: `data.message` is the text to show once it succeeded;
 * the caller tells an unusable link from a field error (see `use-reset-password-form`).
 * `meta.skipAuthReset`: the page is public, a 401 here would say nothing about a session.
 */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { skipAuthReset: true } });
}
