import type { RiskFlagItem } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';
import { reviewKeys, type ReviewFilter } from './keys';

/**
 * GET /api/t/{slug}/risk/flags?status=OPEN|ALL (docs/product.md 'Velocity limits'; tenant_admin):
 * the Review list, newest first, at most 200.
 * @returns RiskFlagList `{ items, openCount }`: each RiskFlagItem is one limit crossed on one card
 *   on one business day (`day` YYYY-MM-DD) with `limitValue` (a count of earns for
 *   CARD_EARNS_PER_DAY, integer cents otherwise), its status (OPEN, DISMISSED, CARD_BLOCKED), card,
 *   holder, staff member, store and movements (`amountCents` integer cents, `createdAt` ISO-8601);
 *   `openCount` counts every open flag.
 * @throws {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant. The page shows
 *   'Failed to load the Review list'.
 */
export function useRiskFlags(slug: string, status: ReviewFilter) {
  return useQuery({
    queryKey: reviewKeys.list(slug, status),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/risk/flags', { params: { path: { slug }, query: { status } }, signal })),
    enabled: Boolean(slug),
  });
}

/** Marks stale every list of flags (after a review, successful or refused: a 409 means the list moved). */
function useRefreshFlags(slug: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all(slug) });
}

/**
 * POST /api/t/{slug}/risk/flags/{id}/dismiss (docs/product.md 'Velocity limits'; tenant_admin):
 * closes an open flag as DISMISSED (audited 'risk.flag.dismiss'); the mutation takes the flag and
 * answers the updated RiskFlagItem. The lists of flags refresh whatever the outcome. Toasts are the caller's.
 * @throws {ApiError} 404 'Flag not found', 409 CONFLICT 'This flag was already reviewed', 401, 403.
 */
export function useDismissFlag(slug: string) {
  const refresh = useRefreshFlags(slug);
  return useMutation({
    mutationFn: (flag: RiskFlagItem) => answer(client.POST('/api/t/{slug}/risk/flags/{id}/dismiss', { params: { path: { slug, id: flag.id } } })),
    onSettled: refresh,
  });
}

/**
 * POST /api/t/{slug}/risk/flags/{id}/block-card (docs/product.md 'Velocity limits'; tenant_admin):
 * blocks the flag's card (it can no longer earn or redeem until unblocked on the Cards page) and
 * closes the flag as CARD_BLOCKED (audited 'risk.flag.block_card' and 'card.block'); the mutation
 * takes the flag and answers the updated RiskFlagItem. The lists of flags refresh whatever the
 * outcome; on success the cards and customers (which show a card's status) too.
 * @throws {ApiError} 404 'Flag not found', 409 CONFLICT 'This flag was already reviewed', 401, 403.
 */
export function useBlockFlagCard(slug: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshFlags(slug);
  return useMutation({
    mutationFn: (flag: RiskFlagItem) => answer(client.POST('/api/t/{slug}/risk/flags/{id}/block-card', { params: { path: { slug, id: flag.id } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKeys.cards(slug) });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.customers(slug) });
    },
    onSettled: refresh,
  });
}
