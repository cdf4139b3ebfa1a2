import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

/** One entry of a side menu: the route, its label and its icon (lucide component). */
export interface SideNavItem {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' | 'false' }>;
}

/**
 * A side-menu link of the tenant and platform areas: icon and label, highlighted while
 * its route is active (`aria-current="page"` from NavLink); `onNavigate` closes the phone drawer.
 */
export function SideNavLink({ item, onNavigate }: { item: SideNavItem; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
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
}
