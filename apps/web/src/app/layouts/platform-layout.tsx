import { BarChart3, History, Building2, Landmark, LayoutDashboard, Mail, Package, Repeat, Settings, Truck, type LucideIcon } from 'lucide-react';
import { AccessDenied } from '@/components/ui/access-denied';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { AppShell } from './app-shell';
import { usePageTitle } from './page-title';
import { SideNavLink } from './side-nav-link';
import { useMessages } from '@/lib/i18n';
import { appMessages } from '@/app/messages';

/** One entry of the platform side menu. */
interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/**
 * Side-menu items: the platform area's six in their fixed order, plus Card Orders (the
 * fulfilment of printed-card orders, docs/product.md 'Card orders'), Liability and Outbox
 * before Settings.
 */
const MENU: readonly MenuItem[] = [
  { label: 'Dashboard', to: paths.platform.dashboard, icon: LayoutDashboard },
  { label: 'Tenants', to: paths.platform.tenants, icon: Building2 },
  { label: 'Plans', to: paths.platform.plans, icon: Package },
  { label: 'Analytics', to: paths.platform.analytics, icon: BarChart3 },
  { label: 'Subscriptions', to: paths.platform.subscriptions, icon: Repeat },
  { label: 'Card Orders', to: paths.platform.cardOrders, icon: Truck },
  // docs/product.md 'Reports': every tenant's outstanding cashback.
  { label: 'Liability', to: '/platform/liability', icon: Landmark },
  // Every e-mail the product wrote, sent or not.
  { label: 'Outbox', to: paths.platform.outbox, icon: Mail },
  // Who changed what, in every tenant and on the platform (docs/security.md 'Audit trail').
  { label: 'Activity', to: paths.platform.activity, icon: History },
  { label: 'Settings', to: paths.platform.settings, icon: Settings },
];

function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useMessages(appMessages);
  return (
    <nav aria-label={t('mainNav')} className="flex-1 space-y-1 px-3 py-4">
      {MENU.map((item) => (
        <SideNavLink key={item.to} item={item} onNavigate={onNavigate} />
      ))}
    </nav>
  );
}

/**
 * Layout of the platform area /platform/*, built like the tenant area's: a side menu (Dashboard,
 * Tenants, Plans, Analytics, Subscriptions, Settings; a drawer behind a hamburger button below the
 * lg breakpoint, closed by navigation, Escape, the × or the backdrop), a header with the page title
 * (route handle), the user's name and role and Sign out. Each page renders its own <h1>
 * (PageHeader); the header repeats the title as plain text. Sign-in is checked by the RequireAuth
 * guard; anyone but platform_admin sees 'Access Denied' 'Platform admin access required'.
 */
export function PlatformLayout() {
  const user = useAuthStore((s) => s.user);
  const title = usePageTitle('Platform');

  if (!user || user.role !== 'platform_admin') {
    return (
      <div className="min-h-screen bg-slate-50">
        <AccessDenied message="Platform admin access required" />
      </div>
    );
  }

  return (
    <AppShell
      user={user}
      title={title}
      area={
        <>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Area</p>
          <p className="mt-0.5 flex items-center gap-2 text-sm font-medium text-slate-800">
            Operator console
            <Badge color="purple">Platform</Badge>
          </p>
        </>
      }
      renderNav={(onNavigate) => <SideNav onNavigate={onNavigate} />}
      profilePath={paths.platform.profile}
    />
  );
}
