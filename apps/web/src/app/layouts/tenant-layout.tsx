import { useEffect, useState } from 'react';
import { AlertTriangle, CreditCard, SlidersHorizontal, LayoutDashboard, LogOut, Menu, Receipt, ScanLine, Store, UserCog, UserRound, Users, X, type LucideIcon } from 'lucide-react';
import type { Role } from '@loyalty/contract';
import { NavLink, Outlet, useLocation, useParams } from 'react-router';
import { Brand } from '@/components/brand';
import { AccessDenied } from '@/components/ui/access-denied';
import { Badge, SubscriptionBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths, TENANT_ROUTE_ROLES } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useTenant } from '@/features/tenant/api/get-tenant';
import { isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { ROLE_LABELS } from '@/lib/format';
import { usePageTitle } from './page-title';

/** One entry of the tenant side menu. */
interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
  roles: readonly Role[];
  /** Greyed and not navigable while the tenant cannot transact (spec §2 'Tenant area'). */
  needsTransact?: boolean;
}

/**
 * Side-menu items, in the spec's order (spec §2 'Tenant area').
 */
function menuItems(slug: string): MenuItem[] {
  return [
    { label: 'Dashboard', to: paths.tenant.dashboard(slug), icon: LayoutDashboard, roles: TENANT_ROUTE_ROLES.staff },
    { label: 'POS Terminal', to: paths.tenant.pos(slug), icon: ScanLine, roles: TENANT_ROUTE_ROLES.staff, needsTransact: true },
    { label: 'Customers', to: paths.tenant.customers(slug), icon: Users, roles: TENANT_ROUTE_ROLES.admin },
    { label: 'Cards', to: paths.tenant.cards(slug), icon: CreditCard, roles: TENANT_ROUTE_ROLES.staff, needsTransact: true },
    { label: 'Transactions', to: paths.tenant.transactions(slug), icon: Receipt, roles: TENANT_ROUTE_ROLES.staff, needsTransact: true },
    { label: 'Stores', to: paths.tenant.stores(slug), icon: Store, roles: TENANT_ROUTE_ROLES.admin },
    { label: 'Staff', to: paths.tenant.staff(slug), icon: UserCog, roles: TENANT_ROUTE_ROLES.admin },
    { label: 'Rules & Settings', to: paths.tenant.rules(slug), icon: SlidersHorizontal, roles: TENANT_ROUTE_ROLES.admin },
    { label: 'My Account', to: paths.tenant.customer(slug), icon: UserRound, roles: TENANT_ROUTE_ROLES.customer },
  ];
}

function SideNav({ items, canTransact, onNavigate }: { items: MenuItem[]; canTransact: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex-1 space-y-1 px-3 py-4">
      {items.map((item) => {
        const Icon = item.icon;
        if (item.needsTransact && !canTransact) {
          return (
            <span
              key={item.to}
              aria-disabled="true"
              title="Subscription required to process transactions"
              className="flex cursor-not-allowed items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-400"
            >
              <Icon aria-hidden="true" className="h-5 w-5" />
              <span className="flex-1">{item.label}</span>
              <AlertTriangle aria-label="Subscription required" className="h-4 w-4 text-amber-500" />
            </span>
          );
        }
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
 * Layout of the tenant area /t/{slug}/* (spec §2 'Tenant area'): side menu (a drawer behind a
 * hamburger button on small screens), header with the page title, subscription badge, store
 * badge, user name and role, and Sign out. Tenant data comes from `useTenant(slug)`.
 */
export function TenantLayout() {
  const { slug = '' } = useParams();
  const user = useAuthStore((s) => s.user);
  const sessionTenant = useAuthStore((s) => s.tenant);
  const tenantQuery = useTenant(slug);
  const logout = useLogout();
  const title = usePageTitle();
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

  if (!user || (isApiError(tenantQuery.error) && [403, 404].includes(tenantQuery.error.status))) {
    return (
      <div className="min-h-screen bg-slate-50">
        <AccessDenied message="Tenant access required" />
      </div>
    );
  }

  const tenant = tenantQuery.data;
  const status = tenant?.subscriptionStatus ?? (sessionTenant?.slug === slug ? sessionTenant.subscriptionStatus : undefined);
  // Until the tenant is known nothing is greyed: the server enforces the gate regardless.
  const canTransact = tenant?.canTransact ?? true;
  const items = menuItems(slug).filter((i) => i.roles.includes(user.role));
  const tenantName = tenant?.name ?? (sessionTenant?.slug === slug ? sessionTenant.name : slug);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;

  const sidebar = (onNavigate?: () => void) => (
    <>
      <div className="flex h-16 items-center border-b border-slate-200 px-5">
        <Brand />
      </div>
      <div className="border-b border-slate-100 px-5 py-3">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-400">Business</p>
        <p className="truncate text-sm font-medium text-slate-800" title={tenantName}>
          {tenantName}
        </p>
      </div>
      <SideNav items={items} canTransact={canTransact} onNavigate={onNavigate} />
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
          {/* The page's own <h1> carries title and subtitle; the header repeats the title as plain text. */}
          <div className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900" data-testid="page-title">
            {title}
          </div>
          <div className="flex items-center gap-2 sm:gap-3">
            {/* The business's subscription concerns its staff, not its customers. */}
            {user.role !== 'customer' && <SubscriptionBadge status={status} trialLabel="Trial Account" />}
            {user.storeName && (
              <span className="hidden sm:block">
                <Badge color="indigo">
                  <Store aria-hidden="true" className="h-3 w-3" />
                  {user.storeName}
                </Badge>
              </span>
            )}
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
