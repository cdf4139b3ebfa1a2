import { AlertTriangle, CreditCard, Plus, Printer, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ProgressBar, type ProgressTone } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { useTenant } from '@/api/get-tenant';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useTrialStatus } from '@/api/get-trial-status';
import { cardAllowance, type CardAllowance } from '../lib/allowance';

const boxes: Record<CardAllowance['level'], string> = {
  ok: 'border-indigo-200 bg-indigo-50/60',
  warning: 'border-amber-300 bg-amber-50',
  limit: 'border-red-300 bg-red-50',
};
const bars: Record<CardAllowance['level'], ProgressTone> = { ok: 'indigo', warning: 'yellow', limit: 'red' };
const linkClass =
  'inline-flex h-8 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50';

/**
 * The Cards page's trial/subscription banner (spec §2 'Cards Management', §4 'Card-creation
 * mode', 'Cards-page banner'). Subscription mode (tenant ACTIVE with subscription info): the
 * plan, cards used of the plan's limit. Trial mode: cards held of the free-trial limit, plus the
 * trial status's activation count; 'Free Trial Expired' when a subscription is required. The
 * bar is yellow from 80 % used and red at the limit; at the limit admins get Upgrade / Order
 * More Cards links (below the limit, admins get a quiet 'Order Printed Cards' link instead: the
 * Card Orders screen, decisions.md 'Card orders'). The 'Create Card Batch' button sits on the right.
 */
export function CardsBanner({ slug, onCreate }: { slug: string; onCreate: () => void }) {
  const tenantQuery = useTenant(slug);
  const tenant = tenantQuery.data;
  const allowance = tenant ? cardAllowance(tenant) : null;
  const trial = useTrialStatus(slug, { enabled: allowance?.mode === 'trial' });
  const role = useAuthStore((s) => s.user?.role);
  const isAdmin = role === 'tenant_admin' || role === 'platform_admin';
  const subscriptionRequired = Boolean(allowance?.mode === 'trial' && (tenant?.subscriptionRequired || trial.data?.subscriptionRequired));
  const level: CardAllowance['level'] = subscriptionRequired ? 'limit' : (allowance?.level ?? 'ok');
  const unlimited = allowance ? allowance.limit < 0 : false;

  let title = 'Card allowance';
  let Icon = CreditCard;
  if (allowance?.mode === 'subscription') {
    title = allowance.planName ? `${allowance.planName} Plan - Active` : 'Subscription Active';
  } else if (allowance) {
    title = subscriptionRequired ? 'Free Trial Expired' : 'Free Trial';
    Icon = subscriptionRequired ? AlertTriangle : Sparkles;
  }
  if (level === 'limit' && !subscriptionRequired) Icon = AlertTriangle;

  const usage = !allowance
    ? null
    : unlimited
      ? `${allowance.used} cards · unlimited plan`
      : allowance.mode === 'subscription'
        ? `${allowance.used} of ${allowance.limit} cards used`
        : `${allowance.used} of ${allowance.limit} cards used in your free trial`;

  let note: string | null = null;
  if (subscriptionRequired) note = 'All free activations are used or the trial has ended. Upgrade to a monthly plan to keep creating and activating cards.';
  else if (allowance?.level === 'limit')
    note = allowance.mode === 'subscription' ? 'No cards remaining on your plan.' : 'You have reached your free trial card limit.';
  else if (allowance && !unlimited) note = `${allowance.remaining} ${allowance.remaining === 1 ? 'card' : 'cards'} remaining`;

  const upgradeTo = `${paths.tenant.root(slug)}/billing`;
  const ordersTo = `${paths.tenant.root(slug)}/card-orders`;

  return (
    <section aria-label="Card allowance" data-level={level} className={cn('mb-6 rounded-xl border p-4 shadow-sm sm:p-5', boxes[level])}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          {tenantQuery.isPending ? (
            <div aria-hidden="true" className="space-y-3">
              <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
              <div className="h-2 w-full animate-pulse rounded bg-slate-200" />
            </div>
          ) : !allowance ? (
            <p className="text-sm text-slate-600">Card allowance unavailable right now.</p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                  <Icon aria-hidden="true" className={cn('h-5 w-5', level === 'limit' ? 'text-red-600' : level === 'warning' ? 'text-amber-600' : 'text-indigo-600')} />
                  {title}
                </h2>
                {usage && <span className="text-sm text-slate-700">{usage}</span>}
              </div>
              {!unlimited && (
                <ProgressBar
                  className="mt-3"
                  value={allowance.used}
                  max={allowance.limit}
                  tone={bars[level]}
                  label={allowance.mode === 'subscription' ? 'Plan cards used' : 'Free trial cards used'}
                  valueText={`${allowance.used} of ${allowance.limit} cards used`}
                />
              )}
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                {note && <p className={cn(level === 'limit' ? 'font-medium text-red-700' : level === 'warning' ? 'text-amber-800' : 'text-slate-600')}>{note}</p>}
                {allowance.mode === 'trial' && trial.data && (
                  <p className="text-slate-600">
                    {trial.data.activationsUsed} of {trial.data.trialLimit} free activations used
                  </p>
                )}
              </div>
              {level !== 'ok' && (
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  {isAdmin ? (
                    <>
                      <Link to={upgradeTo} className={linkClass}>
                        {subscriptionRequired ? 'Upgrade Now' : 'Upgrade Plan'}
                      </Link>
                      <Link to={ordersTo} className={linkClass}>
                        Order More Cards
                      </Link>
                    </>
                  ) : (
                    <p className="text-sm text-slate-600">Ask your store admin to upgrade the plan.</p>
                  )}
                </div>
              )}
            </>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
          {isAdmin && level === 'ok' && (
            <Link to={ordersTo} className={cn(linkClass, 'h-9')}>
              <Printer aria-hidden="true" className="mr-1.5 h-4 w-4" />
              Order Printed Cards
            </Link>
          )}
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create Card Batch
          </Button>
        </div>
      </div>
    </section>
  );
}
