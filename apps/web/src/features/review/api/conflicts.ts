import type { SyncConflictItem } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { reviewKeys, type ReviewFilter } from './keys';

/**
 * GET /api/t/{slug}/sync-conflicts?status=OPEN|ALL (docs/product.md 'Offline till'; tenant_admin):
 * the movements made offline that the server refused when they arrived, newest first, at most 200.
 * @returns SyncConflictList `{ items, openCount }`: each SyncConflictItem is one refused movement
 *   (`kind` EARN or REDEEM, `cardUid`, `amountCents` integer cents, `occurredAt` when it happened at
 *   the till and `receivedAt` when it arrived, both ISO-8601), the refusal's `code` and `message`
 *   ('This card is blocked'), the staff member and store, its status (OPEN, RESOLVED) and who
 *   resolved it when; `openCount` counts every open conflict.
 * @throws {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant. The page shows
 *   'Failed to load the sync conflicts'.
 */
export function useSyncConflicts(slug: string, status: ReviewFilter) {
  return useQuery({
    queryKey: reviewKeys.conflictList(slug, status),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/sync-conflicts', { params: { path: { slug }, query: { status } }, signal })),
    enabled: Boolean(slug),
  });
}

/**
 * POST /api/t/{slug}/sync-conflicts/{id}/resolve (docs/product.md 'Offline till'; tenant_admin):
 * marks an open conflict RESOLVED once the Store Admin settled it (audited 'sync_conflict.resolve';
 * no money moves); the mutation takes the conflict and answers the updated SyncConflictItem. The
 * lists of conflicts refresh whatever the outcome (a 409 means the list moved). Toasts are the caller's.
 * @throws {ApiError} 404 not found, 409 CONFLICT 'This conflict was already resolved', 401, 403.
 */
export function useResolveConflict(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conflict: SyncConflictItem) =>
      answer(client.POST('/api/t/{slug}/sync-conflicts/{id}/resolve', { params: { path: { slug, id: conflict.id } } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.conflicts(slug) }),
  });
}
