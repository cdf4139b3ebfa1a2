import type { ReceiptsRequest, TenantResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenantKeys } from '@/api/keys';
import { answer, client } from '@/api/client';

/**
 * PUT /api/t/{slug}/tenant/receipts `{ enabled }` (docs/product.md 'E-mail'; tenant_admin): whether
 * customers get an e-mail receipt after each purchase, payment with their balance and refund.
 * @returns the tenant view with the new `receiptsEnabled`.
 * @throws {ApiError} 400 (not a boolean; nothing written); 401; 403; 404.
 */
function saveReceipts(slug: string, body: ReceiptsRequest): Promise<TenantResponse> {
  return answer(client.PUT('/api/t/{slug}/tenant/receipts', { params: { path: { slug } }, body }));
}

/** Save-receipts mutation: on success the tenant view holds the answer and is marked stale. Toasts are the caller's. */
export function useSaveReceipts(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptsRequest) => saveReceipts(slug, body),
    onSuccess: (tenant) => {
      queryClient.setQueryData<TenantResponse>(tenantKeys.tenant(slug), tenant);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
    },
  });
}
