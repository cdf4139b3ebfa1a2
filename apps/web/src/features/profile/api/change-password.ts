import type { ChangePasswordRequest } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * PUT /api/auth/password `{ currentPassword, newPassword }`: the signed-in
 * user, whatever their role, changes their own password. Every other session of theirs ends;
 * this one stays signed in.
 * @returns nothing (204 No Content).
 * @throws {ApiError} 400 with `details` naming the field: 'Current password is incorrect'
 *   (currentPassword), 'Password must be at least {n} characters long' or 'Choose a password
 *   different from the current one' (newPassword); 401 signed out; 429 after 10 attempts in
 *   15 minutes; 0 on network failure.
 */
async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await answer(client.PUT('/api/auth/password', { body }));
}

/**
 * Mutation hook of {@link changePassword}. Nothing cached changes (the user's name, role and
 * tenant stay), so nothing is refetched; toasts and field errors are the caller's. A 401 signs
 * the browser out like every other call (the session is gone).
 */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
