import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CircleUserRound, LogOut, Menu, X } from 'lucide-react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import type { SessionUser } from '@loyalty/contract';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { cn } from '@/lib/cn';
import { ROLE_LABELS } from '@/lib/labels';

/**
 * The frame of the signed-in areas (spec §2 'Tenant area' and 'Platform area'): a side menu
 * (fixed from the lg breakpoint; below it a drawer behind a hamburger button, closed by
 * navigation, Escape, the × or the backdrop; a modal dialog for the keyboard: focus moves into
 * it, Tab cycles inside it, and focus returns to the menu button when it closes), a sticky
 * header with the page title, the area's `headerExtras` (badges), the user's name and role and
 * Sign out, and the routed page. `area` is the block under the brand (business name, operator
 * console); `renderNav` draws the menu and calls its `onNavigate` on a click (the drawer
 * closes). `profilePath` is the user's Profile page (issue 12 item 8), reached for every role
 * from the 'Profile' entry at the foot of the menu and from the name in the header. Each page
 * renders its own <h1>; the header repeats the title as plain text.
 */
export function AppShell({
  user,
  title,
  area,
  renderNav,
  headerExtras,
  profilePath,
}: {
  user: SessionUser;
  title: string;
  area: ReactNode;
  renderNav: (onNavigate?: () => void) => ReactNode;
  headerExtras?: ReactNode;
  profilePath: string;
}) {
  const logout = useLogout();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Close the drawer on navigation and with Escape; while open, keep Tab inside it (focus trap)
  // and give focus back to the menu button when it closes.
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const drawer = drawerRef.current;
    // Visible controls only: from the lg breakpoint the drawer is hidden (and must not hold focus).
    const items = () => [...(drawer?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])].filter((el) => el.getClientRects().length > 0);
    items()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDrawerOpen(false);
        return;
      }
      if (e.key !== 'Tab' || !drawer) return;
      const list = items();
      if (list.length === 0) return;
      const first = list[0];
      const last = list[list.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !drawer.contains(active))) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && (active === last || !drawer.contains(active))) {
        e.preventDefault();
        first?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    const menuButton = menuButtonRef.current;
    return () => {
      window.removeEventListener('keydown', onKey);
      // The drawer is gone by now: focus was inside it, so it fell back to <body>.
      if (menuButton?.isConnected && (document.activeElement === document.body || document.activeElement === null)) menuButton.focus();
    };
  }, [drawerOpen]);

  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const sidebar = (onNavigate?: () => void) => (
    <>
      <div className="flex h-16 items-center border-b border-slate-200 px-5">
        <Brand />
      </div>
      <div className="border-b border-slate-100 px-5 py-3">{area}</div>
      {renderNav(onNavigate)}
      <nav aria-label="Account" className="border-t border-slate-100 px-3 py-3">
        <NavLink
          to={profilePath}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
              isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
            )
          }
        >
          <CircleUserRound aria-hidden="true" className="h-5 w-5" />
          Profile
        </NavLink>
      </nav>
    </>
  );

  return (
    <div className="min-h-screen bg-slate-50">
      {/* Desktop side menu */}
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">{sidebar()}</aside>

      {/* Mobile drawer */}
      {drawerOpen && (
        <div ref={drawerRef} className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu">
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
            ref={menuButtonRef}
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
            <Link to={profilePath} title="Your profile" className="hidden rounded-md px-2 py-1 text-right hover:bg-slate-100 md:block">
              <span className="block text-sm font-medium leading-tight text-slate-900">{fullName}</span>
              <span className="block text-xs leading-tight text-slate-500">{ROLE_LABELS[user.role]}</span>
            </Link>
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
