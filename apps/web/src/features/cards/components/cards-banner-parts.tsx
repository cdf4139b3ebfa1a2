import { Link } from 'react-router';
import { ProgressBar, type ProgressTone } from '@/components/ui/progress-bar';
import { cn } from '@/lib/cn';
import type { CardsBannerState } from '../hooks/use-cards-banner';
import type { CardAllowance } from '../lib/allowance';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

const bars: Record<CardAllowance['level'], ProgressTone> = { ok: 'indigo', warning: 'yellow', limit: 'red' };
/** Outline-button look of the banner's links. */
export const bannerLinkClass =
  'inline-flex h-8 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50';

/** At the warning/limit level: Upgrade / Order More Cards links for admins, otherwise a note to ask the store admin. */
function LimitActions({ state }: { state: CardsBannerState }) {
  const t = useMessages(cardsMessages);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {state.isAdmin ? (
        <>
          <Link to={state.upgradeTo} className={bannerLinkClass}>
            {state.subscriptionRequired ? t('bannerUpgradeNow') : t('bannerUpgradePlan')}
          </Link>
          <Link to={state.ordersTo} className={bannerLinkClass}>
            {t('bannerOrderMore')}
          </Link>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('bannerAskAdmin')}</p>
      )}
    </div>
  );
}

/** Banner body once the allowance is known: title with icon, usage, progress bar, notes and limit actions. */
export function AllowanceSummary({ state, allowance }: { state: CardsBannerState; allowance: CardAllowance }) {
  const t = useMessages(cardsMessages);
  const { level, Icon, note } = state;
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <Icon aria-hidden="true" className={cn('h-5 w-5', level === 'limit' ? 'text-red-600' : level === 'warning' ? 'text-amber-600' : 'text-indigo-600')} />
          {state.title}
        </h2>
        {state.usage && <span className="text-sm text-slate-700">{state.usage}</span>}
      </div>
      {!state.unlimited && (
        <ProgressBar
          className="mt-3"
          value={allowance.used}
          max={allowance.limit}
          tone={bars[level]}
          label={allowance.mode === 'subscription' ? t('bannerPlanBarLabel') : t('bannerTrialBarLabel')}
          valueText={t('bannerBarValue', { used: allowance.used, limit: allowance.limit })}
        />
      )}
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        {note && <p className={cn(level === 'limit' ? 'font-medium text-red-700' : level === 'warning' ? 'text-amber-800' : 'text-slate-600')}>{note}</p>}
        {state.activations && <p className="text-slate-600">{t('bannerActivations', { used: state.activations.used, limit: state.activations.limit })}</p>}
      </div>
      {level !== 'ok' && <LimitActions state={state} />}
    </>
  );
}
