import type { AuthResponse, LoginRequest } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Thrown when login answers OK but without a user (spec §5 'Login'). */
export const NO_USER_MESSAGE = 'No user data received from server';

/**
 * POST /api/auth/login {email, password} (spec §7 'Auth', §5 'Login').
 * @returns `{ user, tenant }`; tenant is null for platform_admin.
 * @throws {ApiError} 401 'Invalid email or password', 429 when rate limited, 0 on network failure;
 *   `Error('No user data received from server')` when the answer has no user.
 */
export async function login(body: LoginRequest): Promise<AuthResponse> {
  const data = await api.post<AuthResponse | null>('/auth/login', body);
  if (!data || !data.user) throw new Error(NO_USER_MESSAGE);
  return { user: data.user, tenant: data.tenant ?? null };
}

/**
 * Mutation hook of {@link login}. The caller stores the session and navigates (LoginPage).
 * `meta.skipAuthReset` tells the global 401 handler that a 401 here means wrong credentials,
 * not an expired session.
 */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { skipAuthReset: true } });
}
