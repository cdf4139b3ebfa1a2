import { BarChart3, Building2, ChevronRight, Plus, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useMessages, type MessageKey } from '@/lib/i18n';
import { dashboardMessages } from '../../messages-dashboard';

type DashboardKey = MessageKey<typeof dashboardMessages.en>;

const ACTIONS: { label: DashboardKey; text: DashboardKey; to: string; icon: LucideIcon; accent: string }[] = [
  {
    label: 'createTenant',
    text: 'createTenantText',
    to: `${paths.platform.tenants}?action=create`,
    icon: Plus,
    accent: 'bg-indigo-600 text-white',
  },
  { label: 'manageTenants', text: 'manageTenantsText', to: paths.platform.tenants, icon: Building2, accent: 'bg-blue-50 text-blue-600' },
  { label: 'viewAnalytics', text: 'viewAnalyticsText', to: paths.platform.analytics, icon: BarChart3, accent: 'bg-emerald-50 text-emerald-600' },
];

/**
 * The dashboard's Quick Actions: links to /platform/tenants?action=create
 * (opens the create dialog), /platform/tenants and /platform/analytics.
 */
export function QuickActions() {
  const t = useMessages(dashboardMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quickActions')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {ACTIONS.map((a) => {
            const Icon = a.icon;
            return (
              <li key={a.label}>
                <Link
                  to={a.to}
                  className="group flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-3 transition-colors hover:border-indigo-200 hover:bg-indigo-50/50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <span aria-hidden="true" className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-lg', a.accent)}>
                    <Icon className="h-4 w-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium text-slate-900">{t(a.label)}</span>
                    <span className="block text-xs text-slate-500">{t(a.text)}</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400 group-hover:text-indigo-600" />
                </Link>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
