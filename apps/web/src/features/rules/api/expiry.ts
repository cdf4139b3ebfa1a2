import type { ExpiryRuleRequest, ExpiryRuleResponse, TenantResponse, TimezoneRequest } from '@loyalty/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tenantKeys } from '@/api/keys';
import { answer, client } from '@/api/client';
import { rulesKeys } from './keys';

/**
 * GET /api/t/{slug}/rules/expiry (docs/product.md 'Expiry'; tenant_admin).
 * @returns `{ policy: 'NEVER' | 'AFTER_EARN', days (30–1825), updatedAt (ISO) | null }`;
 *   NEVER/365/null when the tenant never saved a rule.
 * @throws {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant.
 */
function getExpiryRule(slug: string, options?: { signal?: AbortSignal }): Promise<ExpiryRuleResponse> {
  return answer(client.GET('/api/t/{slug}/rules/expiry', { params: { path: { slug } }, signal: options?.signal }));
}

/**
 * PUT /api/t/{slug}/rules/expiry `{ policy, days? }`: days 30–1825, required for
 * AFTER_EARN; a NEVER body without days keeps the stored days. Applies to cashback credited
 * after the change.
 * @returns the saved rule.
 * @throws {ApiError} 400 'Days must be between 30 and 1825' (nothing written); 401; 403; 404.
 */
function saveExpiryRule(slug: string, body: ExpiryRuleRequest): Promise<ExpiryRuleResponse> {
  return answer(client.PUT('/api/t/{slug}/rules/expiry', { params: { path: { slug } }, body }));
}

/**
 * PUT /api/t/{slug}/tenant/timezone `{ timezone }` (tenant_admin): the IANA zone
 * expiry dates and report days use.
 * @returns the tenant view with the new `timezone`.
 * @throws {ApiError} 400 'Unknown time zone' (nothing written); 401; 403; 404.
 */
function saveTimezone(slug: string, body: TimezoneRequest): Promise<TenantResponse> {
  return answer(client.PUT('/api/t/{slug}/tenant/timezone', { params: { path: { slug } }, body }));
}

/** The tenant's cashback expiry rule (Rules & Settings, Expiry tab); fresh for 30 s. */
export function useExpiryRule(slug: string) {
  return useQuery(
    queryOptions({ queryKey: rulesKeys.expiry(slug), queryFn: ({ signal }) => getExpiryRule(slug, { signal }), staleTime: 30_000, enabled: Boolean(slug) }),
  );
}

/** Save-expiry-rule mutation: on success the expiry query holds the saved rule. Toasts are the caller's. */
export function useSaveExpiryRule(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpiryRuleRequest) => saveExpiryRule(slug, body),
    onSuccess: (rule) => queryClient.setQueryData<ExpiryRuleResponse>(rulesKeys.expiry(slug), rule),
  });
}

/** Save-time-zone mutation: on success the tenant view holds the answer and is marked stale (every screen reading it refetches). Toasts are the caller's. */
export function useSaveTimezone(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TimezoneRequest) => saveTimezone(slug, body),
    onSuccess: (tenant) => {
      queryClient.setQueryData<TenantResponse>(tenantKeys.tenant(slug), tenant);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
    },
  });
}
