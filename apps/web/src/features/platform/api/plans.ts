import type { PlanInput } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * Query key of the operator's plan list. Kept in this file (not in `./keys.ts`, owned by the
 * platform layout work) so the two never clash; everything platform lives under `['platform']`.
 */
const platformPlansKey = ['platform', 'plans'] as const;

/**
 * A plan change also changes what tenants see on Billing → Plans (`['tenants', slug, 'billing', …]`,
 * features/billing/api/billing.ts) and the operator's plan-dependent screens: mark them stale.
 */
function invalidatePlanConsumers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: platformPlansKey }),
    queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'tenants' && q.queryKey[2] === 'billing' }),
  ]);
}

/**
 * GET /api/platform/plans → `{ plans }` (/platform/plans): every plan, active or not, in display
 * order (`sortOrder`), each with `tenantsCount`. priceMonthly in cents; limits −1 = unlimited;
 * billingPeriod monthly | 3months | 6months | yearly. The hook selects the array.
 * @throws {ApiError} 401 signed out, 403 not platform_admin. Show 'Failed to load plans'.
 */
export function usePlatformPlans() {
  return useQuery({
    queryKey: platformPlansKey,
    queryFn: ({ signal }) => answer(client.GET('/api/platform/plans', { signal })),
    select: (data) => data.plans,
  });
}

/**
 * POST /api/platform/plans with a {@link PlanInput} (priceMonthly in cents, limits −1 or ≥ 1,
 * empty features already dropped) → 201 the new `PlatformPlan`. Success 'Plan created
 * successfully!'; failure the server's text, else 'Failed to create plan. Please try again.'
 * (toasts are the caller's).
 * @throws {ApiError} 400 invalid fields (details lists them), 401, 403.
 */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanInput) => answer(client.POST('/api/platform/plans', { body })),
    onSuccess: () => invalidatePlanConsumers(queryClient),
  });
}

/**
 * PUT /api/platform/plans/{id} with the same body as {@link useCreatePlan} → the updated
 * `PlatformPlan`. Success 'Plan updated successfully!'; failure the server's text, else
 * 'Failed to update plan. Please try again.'.
 * @throws {ApiError} 400 invalid fields, 401, 403, 404 unknown plan.
 */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PlanInput }) => answer(client.PUT('/api/platform/plans/{id}', { params: { path: { id } }, body })),
    onSuccess: () => invalidatePlanConsumers(queryClient),
  });
}

/**
 * DELETE /api/platform/plans/{id} → 204 (delete per card, after the confirm 'Are you sure you want
 * to delete the plan? This action cannot be undone.'). Success 'Plan deleted successfully!';
 * failure the server's text (409 'This plan is used by {n} tenant(s) and cannot be deleted'), else
 * 'Failed to delete plan. Please try again.'.
 * @throws {ApiError} 401, 403, 404 unknown plan, 409 plan in use.
 */
export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(client.DELETE('/api/platform/plans/{id}', { params: { path: { id } } })),
    onSuccess: () => invalidatePlanConsumers(queryClient),
  });
}
