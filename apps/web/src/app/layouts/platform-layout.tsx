import { LayoutDashboard, LogOut } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { AccessDenied } from '@/components/ui/access-denied';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { ROLE_LABELS } from '@/lib/format';
import { usePageTitle } from './page-title';

/**
 * Layout of the platform area /platform/* (spec §2 'Platform area'). Sign-in is checked by the
 * RequireAuth guard; anyone but platform_admin sees 'Access Denied' 'Platform admin access
 * required'. Only the screens that exist are in the menu (Dashboard for now).
 */
export function PlatformLayout() {
  const user = useAuthStore((s) => s.user);
  const logout = useLogout();
  const title = usePageTitle('Platform');

  if (!user || user.role !== 'platform_admin') {
    return (
      <div className="min-h-screen bg-slate-50">
        <AccessDenied message="Platform admin access required" />
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Brand />
          <span className="hidden sm:block">
            <Badge color="purple">Platform</Badge>
          </span>
          <nav aria-label="Main" className="ml-4 hidden flex-1 items-center gap-1 sm:flex">
            <NavLink
              to={paths.platform.dashboard}
              className={({ isActive }) =>
                cn('inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium', isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100')
              }
            >
              <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
              Dashboard
            </NavLink>
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <div className="hidden text-right md:block">
              <p className="text-sm font-medium leading-tight text-slate-900">
                {user.firstName} {user.lastName}
              </p>
              <p className="text-xs leading-tight text-slate-500">{ROLE_LABELS[user.role]}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only sm:not-sr-only">Sign out</span>
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <h1 className="mb-6 text-2xl font-semibold text-slate-900">{title}</h1>
        <Outlet />
      </main>
    </div>
  );
}
