import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { SessionUser } from '@loyalty/contract';
import { MobileDrawer, ShellHeader, ShellSidebar } from './shell-parts';
import { useDrawer } from './use-drawer';

/**
 * The frame of the signed-in areas: a side menu (fixed from the lg breakpoint; below it a drawer
 * behind a hamburger button, closed by navigation, Escape, the × or the backdrop; a modal dialog
 * for the keyboard: focus moves into it, Tab cycles inside it, and focus returns to the menu button
 * when it closes), a sticky header with the page title, the area's `headerExtras` (badges), the
 * user's name and role and Sign out, and the routed page. `area` is the block under the brand
 * (business name, operator console); `renderNav` draws the menu and calls its `onNavigate` on a
 * click (the drawer closes). `profilePath` is the user's Profile page, reached for every role from
 * the 'Profile' entry at the foot of the menu and from the name in the header. Each page renders
 * its own <h1>; the header repeats the title as plain text.
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
  const drawer = useDrawer();
  const close = () => drawer.setOpen(false);
  const sidebar = (onNavigate?: () => void) => <ShellSidebar area={area} renderNav={renderNav} profilePath={profilePath} onNavigate={onNavigate} />;

  return (
    <div className="min-h-screen bg-slate-50">
      {/* Desktop side menu */}
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">{sidebar()}</aside>
      {drawer.open && (
        <MobileDrawer drawerRef={drawer.drawerRef} onClose={close}>
          {sidebar(close)}
        </MobileDrawer>
      )}
      <div className="lg:pl-64">
        <ShellHeader
          user={user}
          title={title}
          extras={headerExtras}
          profilePath={profilePath}
          menuOpen={drawer.open}
          onOpenMenu={() => drawer.setOpen(true)}
          menuButtonRef={drawer.menuButtonRef}
        />
        <main className="px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
