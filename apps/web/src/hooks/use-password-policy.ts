import { PASSWORD_MIN_FLOOR, type PasswordPolicy } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { answer, client } from '@/api/client';
import { translate } from '@/lib/i18n';
import { hooksMessages } from './messages';

/**
 * The password policy is shared by every form that sets a password (signup, staff create and
 * reset, the operator's tenant create, the profile page), which live in different features:
 * so it lives here, in the shared hooks layer, not in one feature's `api/`.
 */

/** Query key of the password policy (public, not tied to a tenant). */
export const passwordPolicyKey = ['auth', 'password-policy'] as const;

/**
 * GET /api/auth/password-policy (public, no login).
 * @returns `{ minLength }`: the characters every new password needs, from the operator's
 *   setting `security.passwordMinLength` (6–128, default 8).
 * @throws {ApiError} 0 on network failure (the server answers it to anyone).
 */
function getPasswordPolicy(options?: { signal?: AbortSignal }): Promise<PasswordPolicy> {
  return answer(client.GET('/api/auth/password-policy', { signal: options?.signal }));
}

/** Query options of {@link getPasswordPolicy}: fresh for a minute (the operator rarely changes it). */
function passwordPolicyQueryOptions() {
  return queryOptions({ queryKey: passwordPolicyKey, queryFn: ({ signal }) => getPasswordPolicy({ signal }), staleTime: 60_000 });
}

/** The length of a password as the server counts it: Unicode code points (auth/password-policy.ts). */
function passwordLength(password: string): number {
  return Array.from(password).length;
}

/** The server's message for a password shorter than `minLength` (word for word). */
function passwordTooShortMessage(minLength: number): string {
  return translate(hooksMessages, 'passwordTooShort', { min: minLength });
}

/** The hint under a new-password field: 'At least {n} characters'. */
function passwordHint(minLength: number): string {
  return translate(hooksMessages, 'passwordHint', { min: minLength });
}

/**
 * The zod rule of a new password under the policy: required (`requiredMessage`, else 'Password is
 * required'), at least `minLength` characters (the server's message), at most 200 (the contract's
 * maximum). Use it in place of the contract's static min(6), which stays the floor: `minLength` is
 * never below 6. Its messages are in the current language when the rule is built.
 */
export function passwordRule(minLength: number, requiredMessage?: string) {
  const min = Math.max(PASSWORD_MIN_FLOOR, minLength);
  return z
    .string()
    .min(1, requiredMessage ?? translate(hooksMessages, 'passwordRequired'))
    .refine((v) => passwordLength(v) >= min, passwordTooShortMessage(min))
    .refine((v) => v.length <= 200, translate(hooksMessages, 'passwordTooLong'));
}

/**
 * The password policy for a form. `minLength` is the operator's minimum once
 * loaded, the contract's floor (6) before that or when the call failed (the server checks the
 * real minimum anyway); `hint` is 'At least {n} characters' once known, else undefined (no
 * number that might change under the user's eyes).
 */
export function usePasswordPolicy(): { minLength: number; hint: string | undefined; isLoaded: boolean } {
  const query = useQuery(passwordPolicyQueryOptions());
  const minLength = query.data?.minLength ?? PASSWORD_MIN_FLOOR;
  return { minLength, hint: query.data ? passwordHint(query.data.minLength) : undefined, isLoaded: Boolean(query.data) };
}
