import type { PlatformTenantAdminsResponse } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { platformKeys } from './keys';

/**
 * GET /api/platform/tenants/{id}/admins (platform_admin; docs/security.md): the tenant's Store
 * Admins by name.
 * @returns `{ admins: [{ id, email, firstName, lastName, active, twoFactorEnabled }] }`.
 * @throws {ApiError} 401 signed out; 403 not platform_admin; 404 'Tenant not found'.
 */
function getTenantAdmins(tenantId: string, options?: { signal?: AbortSignal }): Promise<PlatformTenantAdminsResponse> {
  return answer(client.GET('/api/platform/tenants/{id}/admins', { params: { path: { id: tenantId } }, signal: options?.signal }));
}

/** Query hook of {@link getTenantAdmins}; idle while `tenantId` is null (no tenant open). */
export function useTenantAdmins(tenantId: string | null) {
  return useQuery({
    queryKey: platformKeys.tenantAdmins(tenantId ?? ''),
    queryFn: ({ signal }) => getTenantAdmins(tenantId!, { signal }),
    enabled: tenantId !== null,
  });
}

/**
 * POST /api/platform/tenants/{id}/users/{userId}/2fa/reset (platform_admin; no body): turns off
 * a Store Admin's two-factor sign-in (a lost phone); audited, and the person is e-mailed.
 * @returns nothing (204).
 * @throws {ApiError} 404 'Tenant not found' / 'Staff member not found'; 409 'Two-factor
 *   authentication is not on for this account'; 401, 403.
 */
async function resetTenantAdminTwoFactor(tenantId: string, userId: string): Promise<void> {
  await answer(client.POST('/api/platform/tenants/{id}/users/{userId}/2fa/reset', { params: { path: { id: tenantId, userId } } }));
}

/** Mutation (the user's id) of {@link resetTenantAdminTwoFactor} for tenant `tenantId`; refetches its admins once settled. */
export function useResetTenantAdminTwoFactor(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => resetTenantAdminTwoFactor(tenantId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformKeys.tenantAdmins(tenantId) }),
  });
}
