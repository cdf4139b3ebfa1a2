import { AlertTriangle, CreditCard, Sparkles, type LucideIcon } from 'lucide-react';
import { useTenant } from '@/api/get-tenant';
import { useTrialStatus } from '@/api/get-trial-status';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { cardAllowance, type CardAllowance } from '../lib/allowance';
import { translate } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** Everything the Cards-page banner shows, derived from the tenant, its trial status and the user's role. */
export interface CardsBannerState {
  /** The tenant is still loading. */
  pending: boolean;
  /** Card allowance (used / limit / remaining; limit < 0 = unlimited), null when the tenant is unavailable. */
  allowance: CardAllowance | null;
  /** Free activations used of the trial limit (trial mode only, once loaded). */
  activations: { used: number; limit: number } | null;
  /** Tenant admins and platform admins may upgrade and order cards. */
  isAdmin: boolean;
  /** Trial mode and the server says a subscription is now required. */
  subscriptionRequired: boolean;
  /** Colour level: 'warning' from 80 % used, 'limit' at the limit or when a subscription is required. */
  level: CardAllowance['level'];
  unlimited: boolean;
  title: string;
  Icon: LucideIcon;
  /** 'N of M cards used …' line, null without an allowance. */
  usage: string | null;
  /** Remaining-cards or limit note, null when nothing is to be said. */
  note: string | null;
  upgradeTo: string;
  ordersTo: string;
}

function bannerTitle(allowance: CardAllowance | null, subscriptionRequired: boolean, level: CardAllowance['level']): { title: string; Icon: LucideIcon } {
  let title = translate(cardsMessages, 'bannerTitle');
  let Icon: LucideIcon = CreditCard;
  if (allowance?.mode === 'subscription') {
    title = allowance.planName
      ? translate(cardsMessages, 'bannerPlanActive', { plan: allowance.planName })
      : translate(cardsMessages, 'bannerSubscriptionActive');
  } else if (allowance) {
    title = translate(cardsMessages, subscriptionRequired ? 'bannerTrialExpired' : 'bannerTrial');
    Icon = subscriptionRequired ? AlertTriangle : Sparkles;
  }
  if (level === 'limit' && !subscriptionRequired) Icon = AlertTriangle;
  return { title, Icon };
}

function bannerUsage(allowance: CardAllowance | null, unlimited: boolean): string | null {
  if (!allowance) return null;
  if (unlimited) return translate(cardsMessages, 'bannerUsageUnlimited', { used: allowance.used });
  const values = { used: allowance.used, limit: allowance.limit };
  return translate(cardsMessages, allowance.mode === 'subscription' ? 'bannerUsagePlan' : 'bannerUsageTrial', values);
}

function bannerNote(allowance: CardAllowance | null, unlimited: boolean, subscriptionRequired: boolean): string | null {
  if (subscriptionRequired) return translate(cardsMessages, 'bannerNoteSubscriptionRequired');
  if (allowance?.level === 'limit') return translate(cardsMessages, allowance.mode === 'subscription' ? 'bannerNotePlanLimit' : 'bannerNoteTrialLimit');
  if (allowance && !unlimited) return translate(cardsMessages, 'bannerNoteRemaining', { count: allowance.remaining });
  return null;
}

/**
 * State of the Cards-page trial/subscription banner: loads the tenant and, in trial mode, the trial
 * status.
 */
export function useCardsBanner(slug: string): CardsBannerState {
  const tenantQuery = useTenant(slug);
  const tenant = tenantQuery.data;
  const allowance = tenant ? cardAllowance(tenant) : null;
  const trial = useTrialStatus(slug, { enabled: allowance?.mode === 'trial' });
  const role = useAuthStore((s) => s.user?.role);
  const subscriptionRequired = Boolean(allowance?.mode === 'trial' && (tenant?.subscriptionRequired || trial.data?.subscriptionRequired));
  const level: CardAllowance['level'] = subscriptionRequired ? 'limit' : (allowance?.level ?? 'ok');
  const unlimited = allowance ? allowance.limit < 0 : false;
  return {
    pending: tenantQuery.isPending,
    allowance,
    activations: allowance?.mode === 'trial' && trial.data ? { used: trial.data.activationsUsed, limit: trial.data.trialLimit } : null,
    isAdmin: role === 'tenant_admin' || role === 'platform_admin',
    subscriptionRequired,
    level,
    unlimited,
    ...bannerTitle(allowance, subscriptionRequired, level),
    usage: bannerUsage(allowance, unlimited),
    note: bannerNote(allowance, unlimited, subscriptionRequired),
    upgradeTo: `${paths.tenant.root(slug)}/billing`,
    ordersTo: `${paths.tenant.root(slug)}/card-orders`,
  };
}
