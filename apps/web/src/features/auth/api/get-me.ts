import type { SessionResponse } from '@loyalty/contract';
import { api } from '@/lib/api';

/**
 * GET /api/auth/me: the session behind the cookie.
 * @returns `{ user, tenant, twoFactorEnabled, twoFactorSetupRequired }` (tenant null for
 *   platform_admin), or `{ user: null }` when signed out (no cookie, an ended or expired session).
 * @throws {ApiError} 0 on network failure, 5xx when the server cannot answer.
 */
export function getMe(options?: { signal?: AbortSignal }): Promise<SessionResponse> {
  return api.get<SessionResponse>('/auth/me', options);
}
