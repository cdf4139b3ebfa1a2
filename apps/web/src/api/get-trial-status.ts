import type { TrialStatusResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from './client';
import { tenantKeys } from './keys';

/**
 * GET /api/t/{slug}/trial/status.
 * @returns `{ activationsUsed, trialLimit, activationsRemaining, subscriptionRequired }`
 *   (counts of card activations against the free trial; `subscriptionRequired`:
 *   not ACTIVE and trial activations used up or trial ended).
 * @throws {ApiError} 401, 404. Failures are only logged by the pages.
 */
function getTrialStatus(slug: string, options?: { signal?: AbortSignal }): Promise<TrialStatusResponse> {
  return answer(client.GET('/api/t/{slug}/trial/status', { params: { path: { slug } }, signal: options?.signal }));
}

/** Query options of {@link getTrialStatus}; fresh for 30 s, like the tenant. */
function trialStatusQueryOptions(slug: string) {
  return queryOptions({
    queryKey: tenantKeys.trialStatus(slug),
    queryFn: ({ signal }) => getTrialStatus(slug, { signal }),
    staleTime: 30_000,
  });
}

/** The tenant's trial status (Cards page banner in trial mode, dashboard subscription banner). */
export function useTrialStatus(slug: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...trialStatusQueryOptions(slug), enabled: Boolean(slug) && enabled });
}
