import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/** Variables of {@link resetStaffPassword}: the user's id and the new password (6 to 200 characters). */
export interface ResetStaffPasswordVariables {
  id: string;
  password: string;
}

/**
 * PUT /api/t/{slug}/users/{id}/password `{ password }` (at least 6 characters).
 * @returns nothing (204 No Content).
 * @throws {ApiError} 400 password too short; 403 not a tenant admin; 404 unknown user (or
 *   another tenant's). Show the server's text, else 'Failed to reset password. Please try again.'
 */
async function resetStaffPassword(slug: string, { id, password }: ResetStaffPasswordVariables): Promise<void> {
  await answer(client.PUT('/api/t/{slug}/users/{id}/password', { params: { path: { slug, id } }, body: { password } }));
}

/** Reset-password mutation (nothing listed changes, so nothing is refetched). Toasts are the caller's. */
export function useResetStaffPassword(slug: string) {
  return useMutation({ mutationFn: (vars: ResetStaffPasswordVariables) => resetStaffPassword(slug, vars) });
}
