import { useEffect } from 'react';
import { AlertTriangle, CheckCircle2, Sparkles, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { ProgressBar, type ProgressTone } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { useTrialStatus } from '@/api/get-trial-status';
import { useTenant } from '@/api/get-tenant';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { dashboardMessages, type DashboardT } from '../messages';
import { bannerModel, needsTrialStatus, type BannerModel } from '../lib/banner';

type Tone = 'green' | 'yellow' | 'red' | 'blue';

const boxes: Record<Tone, string> = {
  green: 'border-green-200 bg-green-50',
  yellow: 'border-amber-300 bg-amber-50',
  red: 'border-red-300 bg-red-50',
  blue: 'border-blue-200 bg-blue-50',
};
const icons: Record<Tone, { Icon: typeof Sparkles; className: string }> = {
  green: { Icon: CheckCircle2, className: 'text-green-600' },
  yellow: { Icon: AlertTriangle, className: 'text-amber-600' },
  red: { Icon: XCircle, className: 'text-red-600' },
  blue: { Icon: Sparkles, className: 'text-blue-600' },
};
const bars: Record<Tone, ProgressTone> = { green: 'green', yellow: 'yellow', red: 'red', blue: 'blue' };

const primaryLink = 'inline-flex h-9 items-center rounded-lg bg-indigo-600 px-3.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-700';
const outlineLink =
  'inline-flex h-9 items-center rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50';

/** The bar of a trial's free activations: used of the limit. */
function activationsBar(model: { used: number; limit: number }, t: DashboardT) {
  const text = t('bannerActivationsUsed', { used: model.used, limit: model.limit });
  return { value: model.used, max: model.limit, label: t('bannerActivationsBar'), text };
}

/** Title, lines, bar and buttons of one banner variant. */
function describe(model: BannerModel, t: DashboardT) {
  switch (model.kind) {
    case 'plan': {
      const unlimited = model.limit < 0;
      return {
        tone: model.tone as Tone,
        title: t('bannerPlanTitle', { plan: model.planName }),
        usage: unlimited ? t('bannerPlanUnlimited', { count: model.used }) : t('bannerCardsUsed', { used: model.used, limit: model.limit }),
        note: model.exhausted ? t('bannerCardsNone') : unlimited ? null : t('bannerCardsRemaining', { count: model.remaining }),
        bar: unlimited
          ? null
          : { value: model.used, max: model.limit, label: t('bannerCardsBar'), text: t('bannerCardsUsed', { used: model.used, limit: model.limit }) },
        upgradeLabel: model.exhausted ? t('bannerUpgradePlan') : null,
      };
    }
    case 'expired':
      return {
        tone: 'red' as Tone,
        title: t('bannerExpiredTitle'),
        usage: model.periodEnded ? t('bannerExpiredPeriod') : t('bannerExpiredCount', { limit: model.limit }),
        note: t('bannerExpiredNote'),
        bar: activationsBar(model, t),
        upgradeLabel: t('bannerUpgradeNow'),
      };
    case 'trial':
      return {
        tone: model.tone as Tone,
        title: t('bannerTrialTitle'),
        usage: t('bannerActivationsUsed', { used: model.used, limit: model.limit }),
        note: model.trialEndsAt
          ? t('bannerTrialRemainingEnds', { count: model.remaining, date: formatDate(model.trialEndsAt) })
          : t('bannerTrialRemaining', { count: model.remaining }),
        bar: activationsBar(model, t),
        upgradeLabel: model.tone === 'yellow' ? t('bannerUpgradeNow') : null,
      };
  }
}

/**
 * The dashboard's subscription or trial banner: (1) an active plan with a name: '{plan} Plan -
 * Active', green, yellow at 50 or fewer cards remaining, at 0 'No cards remaining.' with Upgrade
 * Plan and Order More Cards; (2) no active plan and subscriptionRequired: red 'Free Trial Expired'
 * with Upgrade Now and Order More Cards; (3) otherwise 'Free Trial Status' with activations used of
 * the limit, blue, yellow with the upgrade buttons at 5 or fewer remaining. Bars are capped at
 * 100 %. Buttons go to /t/{slug}/billing and /t/{slug}/card-orders (tenant_admin pages: a cashier
 * is asked to turn to the store admin instead). Hidden while loading or without data; load failures
 * of the tenant and the trial status are only logged.
 */
export function SubscriptionBanner({ slug }: { slug: string }) {
  const t = useMessages(dashboardMessages);
  const tenant = useTenant(slug);
  const needsTrial = needsTrialStatus(tenant.data);
  const trial = useTrialStatus(slug, { enabled: needsTrial });
  const role = useAuthStore((s) => s.user?.role);
  const isAdmin = role === 'tenant_admin' || role === 'platform_admin';

  useEffect(() => {
    if (tenant.error) console.error('Failed to load subscription info:', tenant.error);
  }, [tenant.error]);
  useEffect(() => {
    if (trial.error) console.error('Failed to load trial status:', trial.error);
  }, [trial.error]);

  const model = bannerModel(tenant.data, needsTrial ? trial.data : undefined);
  if (!model) return null;
  const view = describe(model, t);
  const { Icon, className: iconClass } = icons[view.tone];
  const root = paths.tenant.root(slug);

  return (
    <section
      aria-labelledby="subscription-banner-title"
      data-variant={model.kind}
      data-tone={view.tone}
      className={cn('mb-6 rounded-xl border p-4 shadow-sm sm:p-5', boxes[view.tone])}
    >
      <div className="flex flex-col gap-4 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 gap-3">
          <Icon aria-hidden="true" className={cn('mt-0.5 h-6 w-6 shrink-0', iconClass)} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h2 id="subscription-banner-title" className="font-semibold text-slate-900">
                {view.title}
              </h2>
              <span className="text-sm text-slate-700">{view.usage}</span>
            </div>
            {view.bar && (
              <ProgressBar
                className="mt-3 max-w-xl bg-white/70"
                value={view.bar.value}
                max={view.bar.max}
                tone={bars[view.tone]}
                label={view.bar.label}
                valueText={view.bar.text}
              />
            )}
            {view.note && (
              <p
                className={cn('mt-2 text-sm', view.tone === 'red' ? 'font-medium text-red-700' : view.tone === 'yellow' ? 'text-amber-800' : 'text-slate-600')}
              >
                {view.note}
              </p>
            )}
          </div>
        </div>
        {view.upgradeLabel &&
          (isAdmin ? (
            <div className="flex shrink-0 flex-wrap gap-2 pl-9 md:pl-0">
              <Link to={`${root}/billing`} className={primaryLink}>
                {view.upgradeLabel}
              </Link>
              <Link to={`${root}/card-orders`} className={outlineLink}>
                {t('bannerOrderCards')}
              </Link>
            </div>
          ) : (
            <p className="pl-9 text-sm text-slate-600 md:pl-0">{t('bannerAskAdmin')}</p>
          ))}
      </div>
    </section>
  );
}
