import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { customersKeys, invalidateCustomerData } from './keys';

/**
 * DELETE /api/t/{slug}/customers/{id} (tenant_admin). Answers 204.
 * @throws {ApiError} 409 while cards are still assigned to the customer (its `error` says so:
 *   shown as is), 404 'Customer not found' (also another tenant's), 401, 403. Other failures
 *   show 'Failed to delete customer. Please try again.'
 */
async function deleteCustomer(slug: string, id: string): Promise<void> {
  await answer(client.DELETE('/api/t/{slug}/customers/{id}', { params: { path: { slug, id } } }));
}

/** Delete mutation (customer id); on success drops its cached details and refreshes customer data. */
export function useDeleteCustomer(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCustomer(slug, id),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: customersKeys.detail(slug, id) });
      invalidateCustomerData(queryClient, slug);
    },
  });
}
