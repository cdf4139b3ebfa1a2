import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tenantApi } from '@/api/keys';
import { answer, client } from '@/api/client';
import { requestFile } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';
import { myAccountKeys } from './get-my-account';

/** Query key of the customer's own erasure request, under their account's key. */
const myErasureKey = (slug: string) => [...myAccountKeys.me(slug), 'erasure-request'] as const;

/**
 * GET /api/t/{slug}/me/export (customer role; docs/security.md 'Personal data'): the zip of
 * everything stored about the signed-in customer, saved as the server names it. Returns the name.
 * @throws {ApiError} 404 'Customer profile not found', 401, 403.
 */
async function downloadMyData(slug: string): Promise<string> {
  const { blob, filename } = await requestFile('GET', `${tenantApi(slug)}/me/export`);
  const name = filename ?? 'my-data.zip';
  saveBlob(blob, name);
  return name;
}

/** 'Download my data': a mutation around {@link downloadMyData}. */
export function useDownloadMyData(slug: string) {
  return useMutation({ mutationFn: () => downloadMyData(slug) });
}

/** GET /api/t/{slug}/me/erasure-request: `{ requestedAt, dueAt }` (ISO-8601; both null when the customer has not asked). */
export function useMyErasureRequest(slug: string) {
  return useQuery({
    queryKey: myErasureKey(slug),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/me/erasure-request', { params: { path: { slug } }, signal })),
    enabled: Boolean(slug),
  });
}

/**
 * POST /api/t/{slug}/me/erasure-request `{ confirm: true }`: the customer asks for their data
 * to be erased (by the business, or automatically after 30 days; ADR 0026).
 * @throws {ApiError} 400 without the confirmation, 404, 401, 403.
 */
export function useAskErasure(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(client.POST('/api/t/{slug}/me/erasure-request', { params: { path: { slug } }, body: { confirm: true } })),
    onSuccess: (data) => queryClient.setQueryData(myErasureKey(slug), data),
  });
}
