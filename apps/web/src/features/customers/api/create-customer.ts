import type { CustomerDetail, CustomerInput } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { customersKeys, invalidateCustomerData } from './keys';

/**
 * POST /api/t/{slug}/customers (tenant_admin). Body: `{ firstName, lastName, email?, phone? }`
 * (blank e-mail/phone mean none).
 * @returns 201 the new customer as CustomerDetail (SILVER, `totalSpendCents` 0, no cards).
 * @throws {ApiError} 400 validation (details `[{ field, message }]`), 409 'A customer with
 *   this email already exists' (details `[{ field: 'email' }]`), 401, 403, 404 unknown tenant.
 *   The screen shows the 409 on the e-mail field, else 'Failed to create customer. Please try again.'
 */
function createCustomer(slug: string, body: CustomerInput): Promise<CustomerDetail> {
  return answer(client.POST('/api/t/{slug}/customers', { params: { path: { slug } }, body }));
}

/** Create mutation; on success caches the new customer's details and refreshes customer data. */
export function useCreateCustomer(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerInput) => createCustomer(slug, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(customersKeys.detail(slug, customer.id), customer);
      invalidateCustomerData(queryClient, slug);
    },
  });
}
