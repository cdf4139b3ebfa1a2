import type { Role } from '@loyalty/contract';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';

/**
 * Route guard (the role table of docs/security.md): signed-out visitors go to /login; a session that must set up two-factor
 * first (the operator's requirement, docs/security.md) goes to /two-factor-setup. Renders child
 * routes otherwise.
 */
export function RequireAuth() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const user = useAuthStore((s) => s.user);
  const setupRequired = useAuthStore((s) => s.twoFactorSetupRequired);
  const location = useLocation();
  if (!isAuthenticated || !user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (setupRequired) return <Navigate to={paths.twoFactorSetup} replace />;
  return <Outlet />;
}

/**
 * Tenant guard: a /t/{slug} route needs a tenant in the session, else /login;
 * platform_admin may enter any tenant. A tenant user visiting another tenant's slug goes to
 * /unauthorized (the server would answer 404 to every call there anyway).
 */
export function RequireTenant() {
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenant);
  const { slug } = useParams();
  if (!user) return <Navigate to={paths.login} replace />;
  if (user.role === 'platform_admin') return <Outlet />;
  if (!tenant) return <Navigate to={paths.login} replace />;
  if (slug && tenant.slug !== slug) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}

/** Role guard: a role not in `roles` goes to /unauthorized. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const user = useAuthStore((s) => s.user);
  if (!user) return <Navigate to={paths.login} replace />;
  if (!roles.includes(user.role)) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}
