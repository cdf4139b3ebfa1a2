import type { ActivityItem } from '@loyalty/contract';
import { Activity, Building2, CreditCard, Package, Pencil, Repeat, Trash2, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { dashboardMessages } from '../../messages-dashboard';
import { usePlatformActivity } from '../../api/activity';

const kinds: Record<ActivityItem['kind'], { icon: LucideIcon; accent: string }> = {
  tenant_created: { icon: Building2, accent: 'bg-emerald-50 text-emerald-600' },
  tenant_updated: { icon: Pencil, accent: 'bg-blue-50 text-blue-600' },
  tenant_deleted: { icon: Trash2, accent: 'bg-red-50 text-red-600' },
  subscription: { icon: Repeat, accent: 'bg-indigo-50 text-indigo-600' },
  payment: { icon: CreditCard, accent: 'bg-violet-50 text-violet-600' },
  plan_changed: { icon: Package, accent: 'bg-orange-50 text-orange-600' },
};

/** An activity kind this screen does not know yet. */
const OTHER_KIND = { icon: Activity, accent: 'bg-slate-100 text-slate-500' };

/**
 * The dashboard's Recent Activity list (real entries from tenants, subscription events and
 * payments, newest first): icon by kind, title, detail, tenant and time. Loading rows, 'No recent
 * activity yet' when empty, and an error with retry.
 */
export function RecentActivity() {
  const t = useMessages(dashboardMessages);
  const activity = usePlatformActivity();
  let body;
  if (activity.isPending) {
    body = (
      <ul aria-hidden="true" className="space-y-4">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="flex items-center gap-3">
            <div className="h-9 w-9 animate-pulse rounded-full bg-slate-200" />
            <div className="flex-1 space-y-2">
              <div className="h-3.5 w-48 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-64 max-w-full animate-pulse rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (activity.isError && !activity.data) {
    body = <LoadError title={t('activityLoadFailed')} query={activity} fallback={t('loadFailedFallback')} compact />;
  } else if (activity.data.activity.length === 0) {
    body = (
      <div className="flex flex-col items-center py-8 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
          <Activity aria-hidden="true" className="h-6 w-6" />
        </span>
        <p className="mt-3 text-sm font-medium text-slate-900">{t('activityEmptyTitle')}</p>
        <p className="mt-1 text-sm text-slate-500">{t('activityEmptyDescription')}</p>
      </div>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-100" aria-label={t('recentActivityList')}>
        {activity.data.activity.map((item) => {
          const kind = kinds[item.kind] ?? OTHER_KIND;
          const Icon = kind.icon;
          return (
            <li key={item.id} data-testid="activity-item" className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
              <span aria-hidden="true" className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full', kind.accent)}>
                <Icon className="h-4 w-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">{item.title}</p>
                {item.detail && <p className="mt-0.5 break-words text-sm text-slate-600">{item.detail}</p>}
                <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-500">
                  {item.tenantName && <span className="font-medium text-slate-600">{item.tenantName}</span>}
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recentActivity')}</CardTitle>
      </CardHeader>
      <CardContent aria-busy={activity.isFetching || undefined}>{body}</CardContent>
    </Card>
  );
}
