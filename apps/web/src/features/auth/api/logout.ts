import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';

/**
 * POST /api/auth/logout: ends the server session.
 * @returns null (204 No Content).
 * @throws {ApiError} on failure (the hook signs out locally anyway).
 */
function logout(): Promise<null> {
  return api.post<null>('/auth/logout');
}

/**
 * Sign-out hook (logout clears and goes to /login). Calls {@link logout}, then,
 * whatever the answer, clears the auth store and the query cache and navigates to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const clear = useAuthStore((s) => s.clear);
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { skipAuthReset: true },
    onSettled: () => {
      clear();
      queryClient.clear();
      navigate(paths.login, { replace: true });
    },
  });
}
