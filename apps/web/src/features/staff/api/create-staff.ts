import type { StaffCreateRequest, StaffUser } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateStaffData } from './keys';

/**
 * POST /api/t/{slug}/users `{ firstName, lastName, email, password, role, storeId }`: role cashier
 * or tenant_admin; password at least 6 characters; storeId null = all stores (Store Admin only: a
 * cashier needs a store). Or, instead of the password, `invite: true`: the member is created
 * without a password and e-mailed a link, valid 7 days, to choose one.
 * @returns 201 the new {@link StaffUser} (active, lastLogin null; `invited` true for an invitation).
 * @throws {ApiError} 400 invalid fields; 403 the plan's staff limit is reached (server text) or
 *   not a tenant admin; 404 unknown store; 409 'An account with this email already exists'
 *   (staff e-mail is unique across the platform). Show the server's text, else
 *   'Failed to create staff member. Please try again.'.
 */
function createStaff(slug: string, body: StaffCreateRequest): Promise<StaffUser> {
  return answer(client.POST('/api/t/{slug}/users', { params: { path: { slug } }, body }));
}

/** Create-staff mutation; on success refetches staff, stores (counts) and tenant. Toasts are the caller's. */
export function useCreateStaff(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCreateRequest) => createStaff(slug, body),
    onSuccess: () => invalidateStaffData(queryClient, slug),
  });
}
