import type { AuthResponse, LoginRequest, LoginResponse, TwoFactorChallenge, TwoFactorVerifyRequest } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/** Thrown when login answers OK but without a user. */
export const NO_USER_MESSAGE = 'No user data received from server';

/**
 * POST /api/auth/login {email, password}.
 * @returns the AuthResponse `{ user, tenant, twoFactorEnabled, twoFactorSetupRequired }`
 *   (tenant null for platform_admin), or `{ twoFactorRequired: true }` when the account has
 *   two-factor on: the code step (`verifyTwoFactor`) finishes the sign-in within 5 minutes.
 * @throws {ApiError} 401 'Invalid email or password', 429 when rate limited, 0 on network failure;
 *   `Error('No user data received from server')` when the answer has no user.
 */
async function login(body: LoginRequest): Promise<LoginResponse> {
  const data = await answer(client.POST('/api/auth/login', { body }));
  if (data && 'twoFactorRequired' in data && data.twoFactorRequired) return data;
  if (!data || !('user' in data) || !data.user) throw new Error(NO_USER_MESSAGE);
  return { ...data, tenant: data.tenant ?? null };
}

/** True when a login answer asks for the second factor rather than signing in. */
export function isTwoFactorChallenge(answer: LoginResponse): answer is TwoFactorChallenge {
  return 'twoFactorRequired' in answer;
}

/**
 * POST /api/auth/2fa/verify `{ code }`: the second step of a sign-in, a 6-digit code from the
 * authenticator app or an unused recovery code.
 * @returns the AuthResponse, signed in (session cookie set), as login answers.
 * @throws {ApiError} 400 for a code of neither form; 401 'That code is not right…' or 'Your
 *   sign-in has expired…' (more than 5 minutes after the password); 429 after too many wrong
 *   codes and passwords (the login throttle); 0 on network failure.
 */
function verifyTwoFactor(body: TwoFactorVerifyRequest): Promise<AuthResponse> {
  return answer(client.POST('/api/auth/2fa/verify', { body }));
}

/** Mutation hook of {@link verifyTwoFactor}; a 401 here is a wrong code, not an expired session (`skipAuthReset`). */
export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor, meta: { skipAuthReset: true } });
}

/**
 * Mutation hook of {@link login}. The caller stores the session and navigates (LoginPage).
 * `meta.skipAuthReset` tells the global 401 handler that a 401 here means wrong credentials,
 * not an expired session.
 */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { skipAuthReset: true } });
}
