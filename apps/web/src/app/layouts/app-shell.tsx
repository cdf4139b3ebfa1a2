import { useEffect, useState, type ReactNode } from 'react';
import { LogOut, Menu, X } from 'lucide-react';
import { Outlet, useLocation } from 'react-router';
import type { SessionUser } from '@loyalty/contract';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { ROLE_LABELS } from '@/lib/format';

/**
 * The frame of the signed-in areas (spec §2 'Tenant area' and 'Platform area'): a side menu
 * (fixed from the lg breakpoint; below it a drawer behind a hamburger button, closed by
 * navigation, Escape, the × or the backdrop), a sticky header with the page title, the
 * area's `headerExtras` (badges), the user's name and role and Sign out, and the routed page.
 * `area` is the block under the brand (business name, operator console); `renderNav` draws the
 * menu and calls its `onNavigate` on a click (the drawer closes). Each page renders its own
 * <h1>; the header repeats the title as plain text.
 */
export function AppShell({
  user,
  title,
  area,
  renderNav,
  headerExtras,
}: {
  user: SessionUser;
  title: string;
  area: ReactNode;
  renderNav: (onNavigate?: () => void) => ReactNode;
  headerExtras?: ReactNode;
}) {
  const logout = useLogout();
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

  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const sidebar = (onNavigate?: () => void) => (
    <>
      <div className="flex h-16 items-center border-b border-slate-200 px-5">
        <Brand />
      </div>
      <div className="border-b border-slate-100 px-5 py-3">{area}</div>
      {renderNav(onNavigate)}
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
            {headerExtras}
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
