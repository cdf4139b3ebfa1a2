import type { AuthResponse } from '@loyalty/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { homePathFor, paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';

/**
 * What a finished sign-in does (login, its two-factor step): forgets the previous account's
 * cached queries, stores the session and goes to the role's home, or to the two-factor set-up
 * when the operator requires it first (docs/security.md).
 * @returns a function taking the AuthResponse of POST /api/auth/login or /api/auth/2fa/verify.
 */
export function useFinishSignIn(): (session: AuthResponse) => void {
  const queryClient = useQueryClient();
  const setSession = useAuthStore((s) => s.setSession);
  const navigate = useNavigate();
  return (session) => {
    queryClient.clear();
    setSession(session);
    navigate(session.twoFactorSetupRequired ? paths.twoFactorSetup : homePathFor(session.user, session.tenant), { replace: true });
  };
}
