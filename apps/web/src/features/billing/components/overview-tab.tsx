import type { BillingPlan, TenantResponse, UsageStats } from '@loyalty/contract';
import { CreditCard, Store, Users, Zap } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { SubscriptionBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatCents, formatDate } from '@/lib/format';
import { usePlans, useUsage } from '../api/billing';
import { limitText, upgradePlan } from '../lib/plans';
import { useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

/**
 * Overview tab: current subscription card, trial box, four usage tiles, Quick Actions
 * ('Manage Settings' opens the provider's portal; `managing` while it is being asked for).
 */
export function OverviewTab({
  slug,
  tenant,
  onUpgrade,
  onManage,
  managing = false,
}: {
  slug: string;
  tenant: TenantResponse;
  onUpgrade: (plan: BillingPlan) => void;
  onManage: () => void;
  managing?: boolean;
}) {
  const t = useMessages(billingMessages);
  const usage = useUsage(slug);
  const plans = usePlans(slug);
  const target = plans.data ? upgradePlan(plans.data) : undefined;
  const currentPlan = plans.data?.find((p) => p.id === tenant.planId);
  return (
    <div className="space-y-6">
      <CurrentSubscriptionCard tenant={tenant} currentPlan={currentPlan} />
      {usage.isPending ? <Spinner /> : usage.isError ? <Alert tone="error">{t('usageLoadFailed')}</Alert> : <UsageTiles usage={usage.data} />}
      <Card>
        <CardHeader>
          <CardTitle>{t('quickActions')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          {tenant.subscriptionStatus !== 'ACTIVE' && target && (
            <Button onClick={() => onUpgrade(target)}>
              <Zap className="h-4 w-4" aria-hidden /> {t('upgradeToPro')}
            </Button>
          )}
          <Button variant="outline" onClick={onManage} loading={managing}>
            {t('manageSettings')}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** 'Current Subscription': the plan's name (subscription info, else the plan, else 'Free Trial'), status badge, monthly price, and the trial box while TRIALING or NONE. */
function CurrentSubscriptionCard({ tenant, currentPlan }: { tenant: TenantResponse; currentPlan: BillingPlan | undefined }) {
  const t = useMessages(billingMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('currentSubscription')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-3" data-testid="current-subscription">
          <p className="text-lg font-semibold text-slate-900">{tenant.subscriptionInfo.planName ?? currentPlan?.name ?? t('freeTrial')}</p>
          <SubscriptionBadge status={tenant.subscriptionStatus} />
        </div>
        {currentPlan && <p className="text-slate-600">{t('perMonth', { price: formatCents(currentPlan.priceMonthly) })}</p>}
        {(tenant.subscriptionStatus === 'TRIALING' || tenant.subscriptionStatus === 'NONE') && (
          <div className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
            <p className="font-semibold">{t('freeTrial')}</p>
            <p>
              {t('trialUsage', {
                used: tenant._count.cards,
                limit: tenant.freeTrialLimit,
                ends: tenant.trialEndsAt ? t('trialEnds', { date: formatDate(tenant.trialEndsAt) }) : '',
              })}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The four usage tiles: cards, stores and staff as 'used / limit' (∞ for −1), and this month's transactions. */
function UsageTiles({ usage }: { usage: UsageStats }) {
  const t = useMessages(billingMessages);
  const tiles = [
    { label: t('tileCards'), value: `${usage.cardsUsed} / ${limitText(usage.cardsLimit)}`, Icon: CreditCard },
    { label: t('tileStores'), value: `${usage.storesUsed} / ${limitText(usage.storesLimit)}`, Icon: Store },
    { label: t('tileStaff'), value: `${usage.staffUsed} / ${limitText(usage.staffLimit)}`, Icon: Users },
    { label: t('tileTransactions'), value: String(usage.transactionsUsed), Icon: Zap },
  ];
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map(({ label, value, Icon }) => (
        <Card key={label}>
          <CardContent className="flex items-center gap-3">
            <Icon className="h-8 w-8 shrink-0 text-indigo-600" aria-hidden />
            <div className="min-w-0">
              <p className="text-sm text-slate-500">{label}</p>
              <p className="truncate font-semibold text-slate-900">{value}</p>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
