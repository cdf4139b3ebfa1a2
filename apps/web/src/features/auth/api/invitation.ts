import type { AcceptInvitationRequest, AuthResponse, InvitationInfo } from '@loyalty/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/** Query keys of a staff invitation link (public). */
const invitationKeys = {
  info: (token: string) => ['auth', 'invitation', token] as const,
};

/**
 * GET /api/auth/invitation?token= (public): who an e-mailed invitation link is for.
 * @returns 200 `{ email, firstName, businessName }` ({@link InvitationInfo}).
 * @throws {ApiError} 400 with the message INVITATION_LINK_INVALID ('This invitation is invalid
 *   or has expired. Ask the business for a new one.') for an unknown, used, revoked or expired
 *   link (or a malformed token); 429 when rate limited; 0 on network failure.
 */
function getInvitation(token: string, options?: { signal?: AbortSignal }): Promise<InvitationInfo> {
  return answer(client.GET('/api/auth/invitation', { params: { query: { token } }, signal: options?.signal }));
}

/** Query hook of {@link getInvitation}; disabled without a token; never stale (the page acts on it once). */
export function useInvitation(token: string) {
  return useQuery(
    queryOptions({
      queryKey: invitationKeys.info(token),
      queryFn: ({ signal }) => getInvitation(token, { signal }),
      enabled: token !== '',
      staleTime: Infinity,
    }),
  );
}

/**
 * POST /api/auth/accept-invitation `{ token, password }` (public): the invited staff
 * member chooses a password (the platform's policy applies) and is signed in (the session
 * cookie is set).
 * @returns 200 `{ user, tenant }` ({@link AuthResponse}, as POST /api/auth/login).
 * @throws {ApiError} 400 INVITATION_LINK_INVALID for an unknown, used, revoked or expired link;
 *   400 VALIDATION_ERROR with details naming `body.password` when the password breaks the policy
 *   (e.g. 'Password must be at least 8 characters long') or `body.token`; 429 when rate
 *   limited; 0 on network failure.
 */
function acceptInvitation(body: AcceptInvitationRequest): Promise<AuthResponse> {
  return answer(client.POST('/api/auth/accept-invitation', { body }));
}

/**
 * Mutation hook of {@link acceptInvitation}; the caller stores the session and navigates.
 * `meta.skipAuthReset`: the page is public, a 401 here would say nothing about a session.
 */
export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, meta: { skipAuthReset: true } });
}
