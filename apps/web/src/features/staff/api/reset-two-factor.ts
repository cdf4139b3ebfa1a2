import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateStaffData } from './keys';

/**
 * POST /api/t/{slug}/users/{id}/2fa/reset (tenant_admin; no body; docs/security.md): turns off a
 * cashier's two-factor sign-in (a lost phone); audited, and the cashier is e-mailed.
 * @returns nothing (204 No Content).
 * @throws {ApiError} 403 for a Store Admin's (the platform operator resets those) or not a tenant
 *   admin; 404 unknown user (or another tenant's); 409 'Two-factor authentication is not on for
 *   this account'; 0 on network failure.
 */
async function resetStaffTwoFactor(slug: string, id: string): Promise<void> {
  await answer(client.POST('/api/t/{slug}/users/{id}/2fa/reset', { params: { path: { slug, id } } }));
}

/** Mutation (the user's id) of {@link resetStaffTwoFactor}; refetches staff data once settled. Toasts are the caller's. */
export function useResetStaffTwoFactor(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resetStaffTwoFactor(slug, id),
    onSettled: () => invalidateStaffData(queryClient, slug),
  });
}
