import type { TwoFactorCodeRequest, TwoFactorEnableResponse, TwoFactorSetupResponse } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * POST /api/auth/2fa/setup (docs/security.md 'Two-factor sign-in'): a new TOTP secret for the
 * signed-in user; nothing is on until {@link enableTwoFactor} confirms it with a code.
 * @returns `{ secret, otpauthUrl }`: base32 text to type in, and the `otpauth://` URI for the QR code.
 * @throws {ApiError} 401 signed out; 409 'Two-factor authentication is already on'; 0 on network failure.
 */
function setupTwoFactor(): Promise<TwoFactorSetupResponse> {
  return answer(client.POST('/api/auth/2fa/setup'));
}

/**
 * POST /api/auth/2fa/enable `{ code }`: turns two-factor on with a current 6-digit code.
 * @returns `{ recoveryCodes }`: ten single-use codes, shown this once only.
 * @throws {ApiError} 400 (field `code`) malformed or wrong code, or no set-up started; 409 already
 *   on; 429 after 10 attempts in 15 minutes; 0 on network failure.
 */
function enableTwoFactor(body: TwoFactorCodeRequest): Promise<TwoFactorEnableResponse> {
  return answer(client.POST('/api/auth/2fa/enable', { body }));
}

/**
 * POST /api/auth/2fa/disable `{ code }`: turns two-factor off with a current 6-digit code.
 * @returns nothing (204).
 * @throws {ApiError} 400 (field `code`) malformed or wrong code; 409 not on; 422 required by the
 *   operator for this role; 429 after 10 attempts in 15 minutes; 0 on network failure.
 */
async function disableTwoFactor(body: TwoFactorCodeRequest): Promise<void> {
  await answer(client.POST('/api/auth/2fa/disable', { body }));
}

/** POST /api/auth/logout: ends the session (the forced set-up screen's 'Sign out'). @returns nothing (204). */
export async function signOut(): Promise<void> {
  await answer(client.POST('/api/auth/logout'));
}

/** Mutation hook of {@link setupTwoFactor}. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}

/** Mutation hook of {@link enableTwoFactor}; the caller updates the auth store. */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

/** Mutation hook of {@link disableTwoFactor}; the caller updates the auth store. */
export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}
