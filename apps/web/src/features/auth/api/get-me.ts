import type { SessionResponse } from '@loyalty/contract';
import { answer, client } from '@/api/client';

/**
 * GET /api/auth/me: the session behind the cookie.
 * @returns `{ user, tenant, twoFactorEnabled, twoFactorSetupRequired }` (tenant null for
 *   platform_admin), or `{ user: null }` when signed out (no cookie, an ended or expired session).
 * @throws {ApiError} 0 on network failure, 5xx when the server cannot answer.
 */
export async function getMe(options?: { signal?: AbortSignal }): Promise<SessionResponse> {
  const session = await answer(client.GET('/api/auth/me', { signal: options?.signal }));
  // openapi-fetch's answer type drops a property whose only type is null, so the signed-out
  // answer `{ user: null }` reads as `{}`: rebuild it instead of casting.
  return 'tenant' in session ? session : { user: null };
}
