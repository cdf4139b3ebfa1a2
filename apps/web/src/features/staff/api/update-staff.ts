import type { StaffUpdateRequest, StaffUser } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateStaffData } from './keys';

/** Variables of {@link updateStaff}: the user's id and the new fields. */
export interface UpdateStaffVariables {
  id: string;
  body: StaffUpdateRequest;
}

/**
 * PUT /api/t/{slug}/users/{id} `{ firstName, lastName, role, storeId, active }` (no e-mail, no
 * password). A user set inactive can no longer sign in and their sessions end.
 * @returns the updated {@link StaffUser}.
 * @throws {ApiError} 400 invalid fields; 403 not a tenant admin; 404 unknown user or store (or
 *   another tenant's). Show the server's text, else 'Failed to update staff member. Please try
 *   again.'.
 */
function updateStaff(slug: string, { id, body }: UpdateStaffVariables): Promise<StaffUser> {
  return answer(client.PUT('/api/t/{slug}/users/{id}', { params: { path: { slug, id } }, body }));
}

/** Update-staff mutation; on success refetches staff, stores (counts) and tenant. Toasts are the caller's. */
export function useUpdateStaff(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: UpdateStaffVariables) => updateStaff(slug, vars),
    onSuccess: () => invalidateStaffData(queryClient, slug),
  });
}
