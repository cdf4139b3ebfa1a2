import type { AuthResponse } from '@loyalty/contract';
import { api } from '@/lib/api';

/**
 * GET /api/auth/me: the session behind the cookie.
 * @returns `{ user, tenant }` (tenant null for platform_admin).
 * @throws {ApiError} 401 when signed out or the session expired; 0 on network failure.
 */
export function getMe(options?: { signal?: AbortSignal }): Promise<AuthResponse> {
  return api.get<AuthResponse>('/auth/me', options);
}
