import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateStaffData } from './keys';

/**
 * POST /api/t/{slug}/users/{id}/invitation (tenant_admin; no body): e-mails the
 * invited staff member a new link (valid 7 days) to choose their password; the old link stops
 * working.
 * @returns nothing (204 No Content).
 * @throws {ApiError} 404 unknown user (or another tenant's); 422 BUSINESS_RULE 'This staff
 *   member has already accepted the invitation'; 403 not a tenant admin. Show the server's text,
 *   else 'Failed to resend the invitation. Please try again.'
 */
async function resendStaffInvitation(slug: string, id: string): Promise<void> {
  await answer(client.POST('/api/t/{slug}/users/{id}/invitation', { params: { path: { slug, id } } }));
}

/**
 * DELETE /api/t/{slug}/users/{id}/invitation (tenant_admin): revokes the invitation
 * and removes the invited staff member, who never signed in.
 * @returns nothing (204 No Content).
 * @throws {ApiError} 404 unknown user (or another tenant's); 422 BUSINESS_RULE 'This staff
 *   member has already accepted the invitation'; 403 not a tenant admin. Show the server's text,
 *   else 'Failed to revoke the invitation. Please try again.'
 */
async function revokeStaffInvitation(slug: string, id: string): Promise<void> {
  await answer(client.DELETE('/api/t/{slug}/users/{id}/invitation', { params: { path: { slug, id } } }));
}

/**
 * Resend mutation (the user's id). Refetches staff data once it settled: a 422 or 404 means
 * the list is out of date. Toasts are the caller's.
 */
export function useResendStaffInvitation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resendStaffInvitation(slug, id),
    onSettled: () => invalidateStaffData(queryClient, slug),
  });
}

/**
 * Revoke mutation (the user's id). Refetches staff data (list, store and tenant counts) once it
 * settled: the member is gone, or the list was out of date. Toasts are the caller's.
 */
export function useRevokeStaffInvitation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeStaffInvitation(slug, id),
    onSettled: () => invalidateStaffData(queryClient, slug),
  });
}
