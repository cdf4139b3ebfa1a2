import {
  AlertTriangle,
  CreditCard,
  Gift,
  History,
  Landmark,
  SlidersHorizontal,
  LayoutDashboard,
  Plug,
  Receipt,
  ScanLine,
  ShieldAlert,
  Store,
  UserCog,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { POS_GATE_MESSAGE, type Role } from '@loyalty/contract';
import { useParams } from 'react-router';
import { AccessDenied } from '@/components/ui/access-denied';
import { Badge, SubscriptionBadge } from '@/components/ui/badge';
import { paths, TENANT_ROUTE_ROLES } from '@/config/paths';
import { useTenant } from '@/api/get-tenant';
import { isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useOfflineSync } from '@/lib/offline/use-offline-sync';
import { AppShell } from './app-shell';
import { usePageTitle } from './page-title';
import { SideNavLink } from './side-nav-link';
import { useMessages } from '@/lib/i18n';
import { appMessages } from '@/app/messages';

/** One entry of the tenant side menu. */
interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
  roles: readonly Role[];
  /** Greyed and not navigable while the tenant cannot transact (docs/product.md 'Subscription gates'). */
  needsTransact?: boolean;
}

/**
 * Side-menu items, in their fixed order.
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
    // API keys and webhooks (admins only).
    { label: 'Integrations', to: paths.tenant.integrations(slug), icon: Plug, roles: TENANT_ROUTE_ROLES.admin },
    // Who changed what in the business (docs/security.md 'Audit trail'; admins only).
    { label: 'Activity', to: paths.tenant.activity(slug), icon: History, roles: TENANT_ROUTE_ROLES.admin },
    // Flagged movements to review (docs/product.md 'Velocity limits'; admins only).
    { label: 'Review', to: `/t/${encodeURIComponent(slug)}/review`, icon: ShieldAlert, roles: TENANT_ROUTE_ROLES.admin },
    // docs/product.md 'Reports': what the tenant owes its card holders (admins only).
    { label: 'Liability', to: `/t/${encodeURIComponent(slug)}/liability`, icon: Landmark, roles: TENANT_ROUTE_ROLES.admin },
    // What the rewards achieved, month by month (admins only).
    { label: 'Rewards', to: `/t/${encodeURIComponent(slug)}/rewards`, icon: Gift, roles: TENANT_ROUTE_ROLES.admin },
    { label: 'My Account', to: paths.tenant.customer(slug), icon: UserRound, roles: TENANT_ROUTE_ROLES.customer },
  ];
}

function SideNav({ items, canTransact, onNavigate }: { items: MenuItem[]; canTransact: boolean; onNavigate?: () => void }) {
  const t = useMessages(appMessages);
  return (
    <nav aria-label={t('mainNav')} className="flex-1 space-y-1 px-3 py-4">
      {items.map((item) => {
        const Icon = item.icon;
        if (item.needsTransact && !canTransact) {
          return (
            <span
              key={item.to}
              aria-disabled="true"
              title={POS_GATE_MESSAGE}
              className="flex cursor-not-allowed items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-400"
            >
              <Icon aria-hidden="true" className="h-5 w-5" />
              <span className="flex-1">{item.label}</span>
              <AlertTriangle aria-label={t('subscriptionRequired')} className="h-4 w-4 text-amber-500" />
            </span>
          );
        }
        return <SideNavLink key={item.to} item={item} onNavigate={onNavigate} />;
      })}
    </nav>
  );
}

/**
 * Layout of the tenant area /t/{slug}/*: side menu (a drawer behind a hamburger button on small
 * screens), header with the page title, subscription badge, store badge, user name and role, and
 * Sign out. Tenant data comes from `useTenant(slug)`. For the staff it runs the offline till's
 * sender (docs/product.md 'Offline till'), whichever page of the area is open.
 */
export function TenantLayout() {
  const { slug = '' } = useParams();
  const user = useAuthStore((s) => s.user);
  const sessionTenant = useAuthStore((s) => s.tenant);
  const tenantQuery = useTenant(slug);
  const title = usePageTitle();
  useOfflineSync(user && TENANT_ROUTE_ROLES.staff.includes(user.role) ? slug : null);

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

  return (
    <AppShell
      user={user}
      title={title}
      area={
        <>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Business</p>
          <p className="truncate text-sm font-medium text-slate-800" title={tenantName}>
            {tenantName}
          </p>
        </>
      }
      renderNav={(onNavigate) => <SideNav items={items} canTransact={canTransact} onNavigate={onNavigate} />}
      profilePath={paths.tenant.profile(slug)}
      headerExtras={
        <>
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
        </>
      }
    />
  );
}
