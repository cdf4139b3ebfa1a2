import type { Birthday, MyAccountResponse, MyBirthdayResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { myAccountKeys } from './get-my-account';

/**
 * PUT /api/t/{slug}/me/birthday `{ birthday: { month, day, year? } | null }` (customer role; docs/product.md
 * 'Rewards'): the signed-in customer sets their own birthday, or removes it with null. Saving
 * the same birthday again changes nothing; audited.
 * @returns `{ birthday }` as stored (`year` null when not given), null once removed.
 * @throws {ApiError} 400 VALIDATION_ERROR ('Enter a real date', a year out of 1900–2100) with
 *   `details: [{ field: 'body.birthday.day', message }]`; 404 'Customer profile not found'; 401; 403.
 */
function saveMyBirthday(slug: string, birthday: Birthday | null): Promise<MyBirthdayResponse> {
  return answer(client.PUT('/api/t/{slug}/me/birthday', { params: { path: { slug } }, body: { birthday } }));
}

/** Set or remove (null) the customer's own birthday; on success the account holds the stored birthday. Messages are the caller's. */
export function useSaveMyBirthday(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (birthday: Birthday | null) => saveMyBirthday(slug, birthday),
    onSuccess: ({ birthday }) =>
      queryClient.setQueryData<MyAccountResponse>(myAccountKeys.me(slug), (account) => account && { ...account, customer: { ...account.customer, birthday } }),
  });
}
