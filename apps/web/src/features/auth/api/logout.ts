import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { answer, client } from '@/api/client';
import { useAuthStore } from '@/lib/auth-store';
import { forgetSignedInData } from '@/lib/offline/answers';

/**
 * POST /api/auth/logout: ends the server session.
 * @returns nothing (204 No Content).
 * @throws {ApiError} on failure (the hook signs out locally anyway).
 */
async function logout(): Promise<void> {
  await answer(client.POST('/api/auth/logout'));
}

/**
 * Sign-out hook (logout clears and goes to /login). Calls {@link logout}, then,
 * whatever the answer, clears the auth store, the query cache and what the offline till kept for
 * the user (cards, answers; docs/product.md 'Offline till') and navigates to /login.
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
      void forgetSignedInData();
      navigate(paths.login, { replace: true });
    },
  });
}
