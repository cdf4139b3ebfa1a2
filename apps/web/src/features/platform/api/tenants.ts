import type { CreateTenantRequest, DeleteTenantRequest, PlatformTenant, TenantListResponse, UpdateTenantRequest } from '@loyalty/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { tenantKeys } from '@/api/keys';
import { answer, client } from '@/api/client';
import { platformKeys, type TenantListParams } from './keys';

/**
 * Marks stale everything a tenant change can move: every platform query (stats, activity, the
 * tenant lists, analytics) and, when given, the tenant's own area (`['tenants', slug]`: header
 * badge, dashboard strip), which the operator may have open too.
 */
function invalidateTenantData(queryClient: QueryClient, slug?: string): void {
  void queryClient.invalidateQueries({ queryKey: platformKeys.all });
  if (slug) void queryClient.invalidateQueries({ queryKey: tenantKeys.all(slug) });
}

/**
 * GET /api/platform/tenants?status=&search=&page=&limit= (the Tenants screen: optional status and
 * search, the search debounced 300 ms; platform_admin only). `search` matches name, slug or owner
 * e-mail; empty search and no status are left out.
 * @returns `{ tenants, total, pages, summary }`: the page of tenants, newest first, each the
 *   tenant view (id, name, slug, subscriptionStatus, trialEndsAt, graceEndsAt,
 *   planId, createdAt ISO, freeTrialLimit, `_count { cards, users, stores }`, subscriptionInfo
 *   { isActive, planId, planName, cardLimit (−1 unlimited), cardsUsed, cardsRemaining },
 *   canTransact, subscriptionRequired) plus `owner` ({ email, firstName, lastName } of the
 *   first active tenant_admin, or null) and `customersCount`; `total` counts the matches,
 *   `pages` the pages of `limit`; `summary` counts ALL tenants per status (ignores the filters).
 * @throws {ApiError} 400 bad query, 401 signed out, 403 not platform_admin.
 */
function getPlatformTenants(params: TenantListParams, options?: { signal?: AbortSignal }): Promise<TenantListResponse> {
  const query = { status: params.status || undefined, search: params.search?.trim() || undefined, page: params.page, limit: params.limit };
  return answer(client.GET('/api/platform/tenants', { params: { query }, signal: options?.signal }));
}

/** Query options of {@link getPlatformTenants}. */
function platformTenantsQueryOptions(params: TenantListParams) {
  return queryOptions({
    queryKey: platformKeys.tenantList(params),
    queryFn: ({ signal }) => getPlatformTenants(params, { signal }),
  });
}

/**
 * The operator's tenant list. While another search, filter or page loads, the previous answer
 * stays on screen (`isPlaceholderData` is then true).
 */
export function usePlatformTenants(params: TenantListParams) {
  return useQuery({ ...platformTenantsQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * POST /api/platform/tenants (platform_admin). Body
 * `{ name, slug, ownerEmail, ownerPassword, ownerFirstName?, ownerLastName? }`: creates the tenant,
 * its owner (tenant_admin, who can sign in at once) and its default rules in one transaction. Slug:
 * 3–40 lowercase letters, digits or hyphens, not a reserved word.
 * @returns 201 the new PlatformTenant.
 * @throws {ApiError} 400 validation (details `[{ field, message }]`, e.g. a reserved slug),
 *   409 'Slug is already taken' or an owner e-mail already in use, 401, 403. The dialog shows
 *   the server's message; without one 'Failed to create tenant. Please try again.'.
 */
function createPlatformTenant(body: CreateTenantRequest): Promise<PlatformTenant> {
  return answer(client.POST('/api/platform/tenants', { body }));
}

/** Create mutation; on success refreshes every platform query. */
export function useCreatePlatformTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTenantRequest) => createPlatformTenant(body),
    onSuccess: () => invalidateTenantData(queryClient),
  });
}

/**
 * PUT /api/platform/tenants/{id} (the operator may set any status freely; platform_admin). Body
 * `{ name, subscriptionStatus }` (NONE | TRIALING | ACTIVE | PAST_DUE | CANCELED).
 * @returns the updated PlatformTenant.
 * @throws {ApiError} 400 validation, 404 unknown tenant, 401, 403. Without a server message
 *   the dialog shows 'Failed to update tenant. Please try again.'.
 */
function updatePlatformTenant(id: string, body: UpdateTenantRequest): Promise<PlatformTenant> {
  return answer(client.PUT('/api/platform/tenants/{id}', { params: { path: { id } }, body }));
}

/** Update mutation ({ id, body }); on success refreshes the platform queries and the tenant's own area. */
export function useUpdatePlatformTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTenantRequest }) => updatePlatformTenant(id, body),
    onSuccess: (tenant) => invalidateTenantData(queryClient, tenant.slug),
  });
}

/**
 * DELETE /api/platform/tenants/{id} with the JSON body `{ confirmSlug }` (delete works, confirmed
 * by typing the tenant's slug; the tenant and all its data go in one database transaction;
 * platform_admin). Answers 204.
 * @throws {ApiError} 400 when confirmSlug is not the tenant's slug, 404 unknown tenant, 401, 403.
 */
async function deletePlatformTenant(id: string, body: DeleteTenantRequest): Promise<void> {
  await answer(client.DELETE('/api/platform/tenants/{id}', { params: { path: { id } }, body }));
}

/** Delete mutation ({ id, slug }); on success drops the tenant's cached area and refreshes the platform queries. */
export function useDeletePlatformTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slug }: { id: string; slug: string }) => deletePlatformTenant(id, { confirmSlug: slug }),
    onSuccess: (_, { slug }) => {
      queryClient.removeQueries({ queryKey: tenantKeys.all(slug) });
      invalidateTenantData(queryClient);
    },
  });
}
