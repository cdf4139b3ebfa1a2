import type { StoreInput, StoreItem } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateStoreData } from './keys';

/**
 * POST /api/t/{slug}/stores `{ name, address?, selfEnrolment?, selfEnrolmentDailyCap? }` (name
 * required, address optional; the plan's store limit is enforced on create, ADR 0005; ADR 0027: `selfEnrolment`, default false, opens the store's 'Join our
 * rewards' page, and `selfEnrolmentDailyCap`, default 50, caps the cards its sign-ups make a day).
 * @returns 201 the new {@link StoreItem} (active, `_count` all zero).
 * @throws {ApiError} 400 invalid name/address (details list the fields); 403 with the server's
 *   `error` text when the plan's store limit is reached (or the role may not create stores);
 *   409 a store with that name already exists. Show the server's message.
 */
function createStore(slug: string, body: StoreInput): Promise<StoreItem> {
  return answer(client.POST('/api/t/{slug}/stores', { params: { path: { slug } }, body }));
}

/**
 * Create-store mutation; on success the store list (Stores and Cards pages), the tenant and
 * the dashboard are refetched. Toasts are the caller's.
 */
export function useCreateStore(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreInput) => createStore(slug, body),
    onSuccess: () => invalidateStoreData(queryClient, slug),
  });
}
