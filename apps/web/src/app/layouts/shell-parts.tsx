import type { ReactNode, Ref } from 'react';
import { CircleUserRound, Menu, X } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import type { SessionUser } from '@loyalty/contract';
import { Brand } from '@/components/brand';
import { cn } from '@/lib/cn';
import { ROLE_LABELS } from '@/lib/labels';
import { useMessages } from '@/lib/i18n';
import { appMessages } from '@/app/messages';
import { SignOutButton } from './sign-out-button';

/**
 * Content of the side menu (desktop aside and mobile drawer alike): the brand, the `area` block
 * (business name, operator console), the area's menu from `renderNav`, and the 'Account' nav with
 * the Profile entry. `onNavigate` is called on a click (the drawer closes).
 */
export function ShellSidebar({
  area,
  renderNav,
  profilePath,
  onNavigate,
}: {
  area: ReactNode;
  renderNav: (onNavigate?: () => void) => ReactNode;
  profilePath: string;
  onNavigate?: () => void;
}) {
  const t = useMessages(appMessages);
  return (
    <>
      <div className="flex h-16 items-center border-b border-slate-200 px-5">
        <Brand />
      </div>
      <div className="border-b border-slate-100 px-5 py-3">{area}</div>
      {renderNav(onNavigate)}
      <nav aria-label={t('accountNav')} className="border-t border-slate-100 px-3 py-3">
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
          {t('profile')}
        </NavLink>
      </nav>
    </>
  );
}

/**
 * The mobile menu drawer (below lg): a modal dialog named 'Menu' with a backdrop and a
 * 'Close menu' button, both calling `onClose`; `children` is the sidebar content.
 */
export function MobileDrawer({ drawerRef, onClose, children }: { drawerRef: Ref<HTMLDivElement>; onClose: () => void; children: ReactNode }) {
  const t = useMessages(appMessages);
  return (
    <div ref={drawerRef} className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label={t('menu')}>
      <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" onClick={onClose} />
      <aside className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl">
        <button
          type="button"
          aria-label={t('closeMenu')}
          onClick={onClose}
          className="absolute right-3 top-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
        {children}
      </aside>
    </div>
  );
}

/**
 * The sticky header of the signed-in areas: the 'Open menu' button (below lg; `menuOpen` sets
 * aria-expanded), the page title as plain text, `extras` (badges), the user's name and role
 * linking to `profilePath`, and Sign out (SignOutButton: asks first while the till has unsynced movements).
 */
export function ShellHeader({
  user,
  title,
  extras,
  profilePath,
  menuOpen,
  onOpenMenu,
  menuButtonRef,
}: {
  user: SessionUser;
  title: string;
  extras?: ReactNode;
  profilePath: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}) {
  const t = useMessages(appMessages);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
      <button
        ref={menuButtonRef}
        type="button"
        aria-label={t('openMenu')}
        aria-expanded={menuOpen}
        onClick={onOpenMenu}
        className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
      </button>
      <div className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900" data-testid="page-title">
        {title}
      </div>
      <div className="flex items-center gap-2 sm:gap-3">
        {extras}
        <Link to={profilePath} title={t('yourProfile')} className="hidden rounded-md px-2 py-1 text-right hover:bg-slate-100 md:block">
          <span className="block text-sm font-medium leading-tight text-slate-900">{fullName}</span>
          <span className="block text-xs leading-tight text-slate-500">{ROLE_LABELS[user.role]}</span>
        </Link>
        <SignOutButton />
      </div>
    </header>
  );
}
