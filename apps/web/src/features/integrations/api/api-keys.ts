import type { CreateApiKeyRequest } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { integrationKeys } from './keys';

/**
 * GET /api/t/{slug}/api-keys (tenant_admin): every API key of the tenant, active
 * ones first, then newest first. Never the keys themselves.
 * @returns the TanStack query of `{ keys: [{ id, name, prefix (the key's first 14 characters,
 *   e.g. 'lc_test_Ab12Cd'), scopes ('pos:write' | 'customers:write' | 'read')[], storeId and
 *   storeName (null: any store), createdByName (null when that account is gone), createdAt,
 *   lastUsedAt (to the minute; null: never used), revokedAt (null: active) }] }`, times ISO-8601.
 * @throws via `query.error` {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant.
 */
export function useApiKeys(slug: string) {
  return useQuery({
    queryKey: integrationKeys.apiKeys(slug),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/api-keys', { params: { path: { slug } }, signal })),
    enabled: Boolean(slug),
  });
}

/**
 * POST /api/t/{slug}/api-keys `{ name (1–100 characters), scopes (at least one, each once),
 * storeId (a store's uuid, or null for any store) }` (tenant_admin).
 * @returns 201 the new key's `ApiKeyItem` plus `key` (`lc_live_…` / `lc_test_…`), the
 *   only time the key is ever shown: the server keeps only its SHA-256. The key list is
 *   refetched on success.
 * @throws {ApiError} 400 invalid fields (`details: [{ field: 'name' | 'scopes' | 'storeId', message }]`),
 *   404 unknown store, 403 not a tenant admin. Field errors go on their fields, others in an alert.
 */
export function useCreateApiKey(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) => answer(client.POST('/api/t/{slug}/api-keys', { params: { path: { slug } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(slug) }),
  });
}

/**
 * DELETE /api/t/{slug}/api-keys/{id} (tenant_admin): revokes the key at once (it
 * answers 401 from then on) and cannot be undone; the caller confirms first.
 * @returns 200 the `ApiKeyItem` with `revokedAt` set. The key list is refetched once
 *   the call settled (a 404 means the list was out of date).
 * @throws {ApiError} 404 unknown key (or another tenant's), 403 not a tenant admin. Show the server's text.
 */
export function useRevokeApiKey(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(client.DELETE('/api/t/{slug}/api-keys/{id}', { params: { path: { slug, id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(slug) }),
  });
}
