import { Navigate } from 'react-router';
import { homePathFor } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';

/** '/': redirects by role, or to /login when signed out. */
export function RootRedirect() {
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenant);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  return <Navigate to={isAuthenticated ? homePathFor(user, tenant) : '/login'} replace />;
}
