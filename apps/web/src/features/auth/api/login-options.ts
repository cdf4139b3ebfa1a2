import type { LoginOptions } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/** Query key of the login page's options (public). */
const loginOptionsKey = ['auth', 'login-options'] as const;

/**
 * GET /api/auth/login-options (public).
 * @returns `{ demoAccounts }`: whether the seeded demo accounts exist here (never in production).
 * @throws {ApiError} 0 on network failure.
 */
function getLoginOptions(options?: { signal?: AbortSignal }): Promise<LoginOptions> {
  return answer(client.GET('/api/auth/login-options', { signal: options?.signal }));
}

/** Query hook of {@link getLoginOptions}; fixed for the server's lifetime, so never stale. */
export function useLoginOptions() {
  return useQuery(queryOptions({ queryKey: loginOptionsKey, queryFn: ({ signal }) => getLoginOptions({ signal }), staleTime: Infinity }));
}
