import type { StoreInput, StoreItem } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateStoreData } from './keys';

/**
 * Variables of {@link updateStore}: the store's id and its new name, address, active flag,
 * online sign-up setting (ADR 0019) and daily cap of online sign-ups (1–1000; ADR 0027).
 */
export interface UpdateStoreVariables {
  id: string;
  body: StoreInput & { active: boolean; selfEnrolment: boolean; selfEnrolmentDailyCap: number };
}

/**
 * PUT /api/t/{slug}/stores/{id} `{ name, address, active, selfEnrolment, selfEnrolmentDailyCap }`
 * (`selfEnrolment` opens or closes the store's 'Join our rewards' page, ADR 0019; ADR 0027: `selfEnrolmentDailyCap`, cards its sign-ups may make a day).
 * An address of null (or empty) clears it.
 * @returns the updated {@link StoreItem} with its counts.
 * @throws {ApiError} 400 invalid fields (a daily cap outside 1–1000); 403 not a tenant admin; 404 unknown store (or another
 *   tenant's); 409 another store already has that name. Show the server's message.
 */
function updateStore(slug: string, { id, body }: UpdateStoreVariables): Promise<StoreItem> {
  return answer(client.PUT('/api/t/{slug}/stores/{id}', { params: { path: { slug, id } }, body }));
}

/**
 * Update-store mutation; on success the store list (Stores and Cards pages), the tenant and the
 * dashboard are refetched. Toasts are the caller's.
 */
export function useUpdateStore(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: UpdateStoreVariables) => updateStore(slug, vars),
    onSuccess: () => invalidateStoreData(queryClient, slug),
  });
}
