import { useEffect, useState } from 'react';
import { BarChart3, Building2, LayoutDashboard, LogOut, Menu, Package, Repeat, Settings, X, type LucideIcon } from 'lucide-react';
import { NavLink, Outlet, useLocation } from 'react-router';
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

/** One entry of the platform side menu. */
interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** Side-menu items, in the spec's order (spec §2 'Platform area'). */
const MENU: readonly MenuItem[] = [
  { label: 'Dashboard', to: paths.platform.dashboard, icon: LayoutDashboard },
  { label: 'Tenants', to: paths.platform.tenants, icon: Building2 },
  { label: 'Plans', to: paths.platform.plans, icon: Package },
  { label: 'Analytics', to: paths.platform.analytics, icon: BarChart3 },
  { label: 'Subscriptions', to: paths.platform.subscriptions, icon: Repeat },
  { label: 'Settings', to: paths.platform.settings, icon: Settings },
];

function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex-1 space-y-1 px-3 py-4">
      {MENU.map((item) => {
        const Icon = item.icon;
        return (
          <NavLink
            key={item.to}
            to={item.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <Icon aria-hidden="true" className="h-5 w-5" />
            {item.label}
          </NavLink>
        );
      })}
    </nav>
  );
}

/**
 * Layout of the platform area /platform/* (spec §2 'Platform area'), built like the tenant
 * area's: a side menu (Dashboard, Tenants, Plans, Analytics, Subscriptions, Settings; a drawer
 * behind a hamburger button below the lg breakpoint, closed by navigation, Escape, the × or the
 * backdrop), a header with the page title (route handle), the user's name and role and Sign
 * out. Each page renders its own <h1> (PageHeader); the header repeats the title as plain text.
 * Sign-in is checked by the RequireAuth guard; anyone but platform_admin sees 'Access Denied'
 * 'Platform admin access required'.
 */
export function PlatformLayout() {
  const user = useAuthStore((s) => s.user);
  const logout = useLogout();
  const title = usePageTitle('Platform');
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Close the drawer on navigation and with Escape.
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  if (!user || user.role !== 'platform_admin') {
    return (
      <div className="min-h-screen bg-slate-50">
        <AccessDenied message="Platform admin access required" />
      </div>
    );
  }

  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;

  const sidebar = (onNavigate?: () => void) => (
    <>
      <div className="flex h-16 items-center border-b border-slate-200 px-5">
        <Brand />
      </div>
      <div className="border-b border-slate-100 px-5 py-3">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-400">Area</p>
        <p className="mt-0.5 flex items-center gap-2 text-sm font-medium text-slate-800">
          Operator console
          <Badge color="purple">Platform</Badge>
        </p>
      </div>
      <SideNav onNavigate={onNavigate} />
    </>
  );

  return (
    <div className="min-h-screen bg-slate-50">
      {/* Desktop side menu */}
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">{sidebar()}</aside>

      {/* Mobile drawer */}
      {drawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu">
          <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
          <aside className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl">
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setDrawerOpen(false)}
              className="absolute right-3 top-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
            {sidebar(() => setDrawerOpen(false))}
          </aside>
        </div>
      )}

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
          >
            <Menu aria-hidden="true" className="h-5 w-5" />
          </button>
          <div className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900" data-testid="page-title">
            {title}
          </div>
          <div className="flex items-center gap-2 sm:gap-3">
            <div className="hidden text-right md:block">
              <p className="text-sm font-medium leading-tight text-slate-900">{fullName}</p>
              <p className="text-xs leading-tight text-slate-500">{ROLE_LABELS[user.role]}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only sm:not-sr-only">Sign out</span>
            </Button>
          </div>
        </header>
        <main className="px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
