import { useState } from 'react';
import type { AnalyticsTimeframe } from '@loyalty/contract';
import { CalendarDays, CheckCircle2, DollarSign, RotateCw, UserPlus } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SelectMenu } from '@/components/ui/select-menu';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { formatCents } from '@/lib/format';
import { useMessages, type Translate } from '@/lib/i18n';
import { DEFAULT_TIMEFRAME, TIMEFRAMES, useSubscriptionAnalytics } from '../api/analytics';
import { MoneyBarChart, dayLabel } from '../components/analytics/charts';
import { EventsTab, OverviewTab, PaymentsTab } from '../components/analytics/subscription-tabs';
import { subscriptionsMessages } from '../messages-subscriptions';

type SubscriptionsT = Translate<typeof subscriptionsMessages.en>;

type TabValue = 'overview' | 'payments' | 'events';
const tabs = (t: SubscriptionsT): readonly TabItem<TabValue>[] => [
  { value: 'overview', label: t('tabOverview') },
  { value: 'payments', label: t('tabPayments') },
  { value: 'events', label: t('tabEvents') },
];

/** Names of the timeframes in the select (7d, 30d, 90d, 1y). */
const TIMEFRAME_NAMES = { '7d': 'last7Days', '30d': 'last30Days', '90d': 'last90Days', '1y': 'lastYear' } as const satisfies Record<AnalyticsTimeframe, string>;

/** Avg. Revenue/Day: the mean of the daily revenue values in cents, rounded; 0 when there are none. */
function averagePerDay(days: Array<{ revenue: number }>): number {
  if (days.length === 0) return 0;
  return Math.round(days.reduce((s, d) => s + d.revenue, 0) / days.length);
}

/**
 * /platform/subscriptions 'Subscription Analytics': timeframe select (7d, 30d default, 90d, 1y) and
 * Refresh; tiles Total Revenue, New Subscriptions, Active Subscriptions, Avg. Revenue/Day; revenue
 * by day; tabs Overview (top 3 plans, recent activity), Payments and Events. While another
 * timeframe loads the previous figures stay (dimmed). Failure: 'Failed to load analytics data' with
 * Try again (the status text is logged to the console by the hook).
 */
export function SubscriptionsPage() {
  const t = useMessages(subscriptionsMessages);
  const [timeframe, setTimeframe] = useState<AnalyticsTimeframe>(DEFAULT_TIMEFRAME);
  const [tab, setTab] = useState<TabValue>('overview');
  const analytics = useSubscriptionAnalytics(timeframe);
  const data = analytics.data;

  const refreshing = analytics.isFetching && !analytics.isPending;
  const toolbar = (
    <PageHeader
      title={t('pageTitle')}
      subtitle={t('pageSubtitle')}
      actions={
        <>
          <SelectMenu
            label={t('timeframe')}
            value={timeframe}
            onChange={setTimeframe}
            options={TIMEFRAMES.map((tf) => ({ value: tf, label: t(TIMEFRAME_NAMES[tf]) }))}
            className="w-40"
          />
          <Button variant="outline" onClick={() => void analytics.refetch()} loading={refreshing}>
            {!refreshing && <RotateCw className="h-4 w-4" aria-hidden />}
            {t('refresh')}
          </Button>
        </>
      }
    />
  );

  let body;
  if (data) {
    body = (
      <div
        className={analytics.isPlaceholderData ? 'space-y-6 opacity-60 transition-opacity motion-reduce:transition-none' : 'space-y-6'}
        aria-busy={analytics.isPlaceholderData || undefined}
      >
        {analytics.isError && <LoadError compact title={t('loadFailed')} query={analytics} fallback={t('loadFailedFallback')} />}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label={t('totalRevenue')} value={formatCents(data.totalRevenue)} icon={DollarSign} tone="emerald" />
          <StatCard label={t('newSubscriptions')} value={data.totalSubscriptions.toLocaleString('en-US')} icon={UserPlus} tone="blue" />
          <StatCard label={t('activeSubscriptions')} value={data.activeSubscriptions.toLocaleString('en-US')} icon={CheckCircle2} />
          <StatCard label={t('avgRevenuePerDay')} value={formatCents(averagePerDay(data.revenueByDay))} icon={CalendarDays} tone="amber" />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>{t('revenueByDay')}</CardTitle>
            <span className="text-sm text-slate-500">{t(TIMEFRAME_NAMES[data.timeframe] ?? TIMEFRAME_NAMES[timeframe])}</span>
          </CardHeader>
          <CardContent>
            <MoneyBarChart name={t('revenueChartName')} data={data.revenueByDay.map((d) => ({ label: dayLabel(d.date), value: d.revenue }))} />
          </CardContent>
        </Card>
        <Tabs items={tabs(t)} value={tab} onChange={setTab} label={t('tabsLabel')}>
          {tab === 'overview' && <OverviewTab data={data} />}
          {tab === 'payments' && <PaymentsTab payments={data.recentPayments} />}
          {tab === 'events' && <EventsTab events={data.subscriptionEvents} />}
        </Tabs>
      </div>
    );
  } else if (analytics.isError) {
    body = <LoadError title={t('loadFailed')} query={analytics} fallback={t('loadFailedFallback')} />;
  } else {
    body = <PageSpinner label={t('loading')} />;
  }

  return (
    <div>
      {toolbar}
      {body}
    </div>
  );
}
