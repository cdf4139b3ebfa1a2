import type { ForgotPasswordRequest, ForgotPasswordResponse } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * POST /api/auth/forgot-password `{ email }` (public): asks for a link to choose a new
 * password. The answer never says whether the address has an account.
 * @returns 202 `{ message }`: always FORGOT_PASSWORD_SENT ('If an account exists for that
 *   address, we have sent it a link…'), to be shown as it is.
 * @throws {ApiError} 400 VALIDATION_ERROR for a malformed address (details field `body.email`),
 *   429 when rate limited (the server's text says when to try again), 0 on network failure.
 */
function requestPasswordReset(body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
  return answer(client.POST('/api/auth/forgot-password', { body }));
}

/**
 * Mutation hook of {@link requestPasswordReset}: `data.message` is the text to show once it
 * succeeded; field errors and the failure box are the caller's. Nothing cached changes.
 * `meta.skipAuthReset`: the page is public, a 401 here would say nothing about a session.
 */
export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { skipAuthReset: true } });
}
