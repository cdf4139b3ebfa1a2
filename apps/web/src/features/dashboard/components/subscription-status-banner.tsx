import { AlertTriangle, CheckCircle2, Clock, Sparkles, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTenant } from '@/api/get-tenant';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useMessages } from '@/lib/i18n';
import { dashboardMessages } from '../messages';
import { statusBannerModel, type StatusBannerModel } from '../lib/status-banner';

const tones: Record<StatusBannerModel['tone'], { box: string; icon: string; Icon: typeof Sparkles }> = {
  blue: { box: 'border-blue-200 bg-blue-50', icon: 'text-blue-600', Icon: Sparkles },
  green: { box: 'border-green-200 bg-green-50', icon: 'text-green-600', Icon: CheckCircle2 },
  orange: { box: 'border-orange-300 bg-orange-50', icon: 'text-orange-600', Icon: AlertTriangle },
  red: { box: 'border-red-300 bg-red-50', icon: 'text-red-600', Icon: XCircle },
  slate: { box: 'border-slate-200 bg-slate-50', icon: 'text-slate-500', Icon: Clock },
};

/**
 * The subscription status strip above the dashboard's usage banner (Start Your Free Trial, Free
 * Trial Active, Subscription Active, Payment Past Due, Subscription Canceled). The button opens the
 * matching Billing tab (admins only; a cashier is asked to turn to the store admin). Hidden while
 * the tenant loads or fails.
 */
export function SubscriptionStatusBanner({ slug }: { slug: string }) {
  const t = useMessages(dashboardMessages);
  const tenant = useTenant(slug);
  const role = useAuthStore((s) => s.user?.role);
  if (!tenant.data) return null;
  const model = statusBannerModel(tenant.data);
  const { box, icon, Icon } = tones[model.tone];
  const isAdmin = role === 'tenant_admin' || role === 'platform_admin';
  const to = `${paths.tenant.root(slug)}/billing${model.action.tab === 'overview' ? '' : `?tab=${model.action.tab}`}`;
  return (
    <section
      aria-label={t('statusRegion')}
      data-status={model.status}
      className={cn('mb-4 flex flex-col gap-3 rounded-xl border px-4 py-3 sm:flex-row sm:items-center', box)}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <Icon aria-hidden="true" className={cn('mt-0.5 h-5 w-5 shrink-0', icon)} />
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">{model.title}</h2>
          <p className="text-sm text-slate-700">{model.text}</p>
        </div>
      </div>
      {isAdmin ? (
        <Link
          to={to}
          className="inline-flex h-9 shrink-0 items-center self-start rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 sm:self-center"
        >
          {model.action.label}
        </Link>
      ) : (
        model.status !== 'ACTIVE' && model.status !== 'TRIALING' && <p className="text-sm text-slate-600 sm:max-w-xs">{t('statusAskAdmin')}</p>
      )}
    </section>
  );
}
