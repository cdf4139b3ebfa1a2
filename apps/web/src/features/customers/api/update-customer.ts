import type { CustomerDetail, CustomerInput } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { customersKeys, invalidateCustomerData } from './keys';

/**
 * PUT /api/t/{slug}/customers/{id} (tenant_admin). Body: the whole
 * `{ firstName, lastName, email?, phone? }` (blank e-mail/phone clear them).
 * @returns the updated customer with cards (CustomerDetail).
 * @throws {ApiError} 400 validation, 404 'Customer not found' (also another tenant's), 409 'A
 *   customer with this email already exists' (details `[{ field: 'email' }]`), 401, 403.
 *   The screen shows the 409 on the e-mail field, else 'Failed to update customer. Please try again.'
 */
function updateCustomer(slug: string, id: string, body: CustomerInput): Promise<CustomerDetail> {
  return answer(client.PUT('/api/t/{slug}/customers/{id}', { params: { path: { slug, id } }, body }));
}

/** Update mutation (`{ id, body }`); on success caches the answer and refreshes customer data. */
export function useUpdateCustomer(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CustomerInput }) => updateCustomer(slug, id, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(customersKeys.detail(slug, customer.id), customer);
      invalidateCustomerData(queryClient, slug);
    },
  });
}
