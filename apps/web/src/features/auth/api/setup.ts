import type { AuthResponse, SetupRequest, SetupStatus } from '@loyalty/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/** Query keys of the first-admin set-up. */
const setupKeys = {
  status: (token: string) => ['setup', 'status', token] as const,
};

/**
 * GET /api/setup?token= (public): whether a one-time set-up link can still
 * create the first platform admin.
 * @returns `{ valid }`: false once the link was used, after its hour, or when an admin exists.
 * @throws {ApiError} 429 beyond 10 requests a minute, 0 on network failure.
 */
function getSetupStatus(token: string, options?: { signal?: AbortSignal }): Promise<SetupStatus> {
  // The document names the set-up route with its trailing slash; the server answers both forms.
  return answer(client.GET('/api/setup', { params: { query: { token } }, signal: options?.signal }));
}

/**
 * Query hook of {@link getSetupStatus}; disabled without a token. Never retried: an
 * invalid link stays invalid.
 */
export function useSetupStatus(token: string) {
  return useQuery(
    queryOptions({
      queryKey: setupKeys.status(token),
      queryFn: ({ signal }) => getSetupStatus(token, { signal }),
      enabled: token !== '',
      retry: false,
      staleTime: Infinity,
    }),
  );
}

/**
 * POST /api/setup `{ token, firstName, lastName, email, password }`: creates
 * the first platform admin and signs them in.
 * @returns 201 `{ user, tenant: null }`.
 * @throws {ApiError} 400 invalid/used/expired link (field `token`) or a field error (e.g. the
 *   password policy, field `password`), 409 an admin exists or the e-mail is taken, 429.
 */
function completeSetup(body: SetupRequest): Promise<AuthResponse> {
  return answer(client.POST('/api/setup', { body }));
}

/** Mutation hook of {@link completeSetup}; the caller stores the session and navigates. */
export function useCompleteSetup() {
  return useMutation({ mutationFn: completeSetup, meta: { skipAuthReset: true } });
}
