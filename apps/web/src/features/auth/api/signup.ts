import type { AuthResponse, SignupRequest } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * POST /api/auth/signup {firstName, lastName, email, password} (docs/product.md 'Accounts and
 * sign-in'): creates a tenant on a free trial and signs the caller in as its tenant_admin.
 * @returns 201 `{ user, tenant }`.
 * @throws {ApiError} 409 email already taken, 403 signups disabled, 400 invalid fields,
 *   0 on network failure; `Error('No user data received from server')` without a user.
 */
async function signup(body: SignupRequest): Promise<AuthResponse> {
  const data = await answer(client.POST('/api/auth/signup', { body }));
  if (!data || !data.user) throw new Error('No user data received from server');
  return { ...data, tenant: data.tenant ?? null };
}

/** Mutation hook of {@link signup}. The caller stores the session and navigates (SignupPage). */
export function useSignup() {
  return useMutation({ mutationFn: signup, meta: { skipAuthReset: true } });
}
