import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, answerFile, client } from '@/api/client';
import { saveBlob } from '@/lib/save-blob';
import { customersKeys, invalidateCustomerData } from './keys';

/**
 * GET /api/t/{slug}/customers/{id}/export (docs/security.md 'Personal data'; tenant_admin) →
 * a zip (README.txt, customer.json, cards.json, transactions.csv, messages.json), saved as the
 * server names it (`customer-data-{id}.zip`). Returns the saved name.
 * @throws {ApiError} 404 'Customer not found', 401, 403.
 */
async function exportCustomerData(slug: string, id: string): Promise<string> {
  const { blob, filename } = await answerFile(client.GET('/api/t/{slug}/customers/{id}/export', { params: { path: { slug, id } }, parseAs: 'blob' }));
  const name = filename ?? `customer-data-${id}.zip`;
  saveBlob(blob, name);
  return name;
}

/** 'Export data' of the Customer Details: a mutation around {@link exportCustomerData}. */
export function useExportCustomerData(slug: string) {
  return useMutation({ mutationFn: (id: string) => exportCustomerData(slug, id) });
}

/**
 * POST /api/t/{slug}/customers/{id}/erase `{ confirm: full name }` (ADR 0026; tenant_admin):
 * erases the customer's personal data, writes off their balance and blocks their cards.
 * @throws {ApiError} 400 the name does not match, 404, 409 'This customer has already been erased'.
 */
export function useEraseCustomer(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: string }) =>
      answer(client.POST('/api/t/{slug}/customers/{id}/erase', { params: { path: { slug, id } }, body: { confirm } })),
    onSuccess: () => invalidateCustomerData(queryClient, slug),
  });
}

/** GET /api/t/{slug}/erasure-requests (tenant_admin): the customers' open erasure requests, oldest first, each with the date it is carried out at the latest. */
export function useErasureRequests(slug: string) {
  return useQuery({
    queryKey: customersKeys.erasureRequests(slug),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/erasure-requests', { params: { path: { slug } }, signal })),
    enabled: Boolean(slug),
  });
}

/**
 * POST /api/t/{slug}/erasure-requests/{customerId}/erase (tenant_admin): the one-click erasure
 * of a customer who asked for it; refreshes the requests and every customer query.
 * @throws {ApiError} 404 'Erasure request not found', 409 already erased.
 */
export function useEraseRequested(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => answer(client.POST('/api/t/{slug}/erasure-requests/{id}/erase', { params: { path: { slug, id: customerId } } })),
    onSuccess: () => invalidateCustomerData(queryClient, slug),
  });
}
