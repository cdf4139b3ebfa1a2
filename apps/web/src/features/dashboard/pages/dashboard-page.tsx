import { useEffect } from 'react';
import { CreditCard, Gift, HandCoins, Receipt, RotateCw, Users, Wallet } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { useAuthStore } from '@/lib/auth-store';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { dashboardMessages } from '../messages';
import { useDashboard } from '../api/get-dashboard';
import { RecentTransactions } from '../components/recent-transactions';
import { tileTrend } from '../lib/trend';
import { SubscriptionBanner } from '../components/subscription-banner';
import { SubscriptionStatusBanner } from '../components/subscription-status-banner';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Dashboard /t/{slug}/dashboard (tenant_admin and cashier alike): the subscription or trial banner,
 * six tiles (Total Customers, Active Cards showing the total card count, Total Transactions,
 * Cashback Issued, Cashback Redeemed, Active Offers) each with its real trend against last month,
 * and the 5 most recent transactions. A spinner while loading; 'Failed to load dashboard data' with
 * a retry on failure.
 */
export function DashboardPage() {
  const t = useMessages(dashboardMessages);
  const { slug = '' } = useParams();
  const user = useAuthStore((s) => s.user);
  const dashboard = useDashboard(slug);
  const data = dashboard.data;

  useEffect(() => {
    if (dashboard.error) console.error('Failed to load dashboard data:', dashboard.error);
  }, [dashboard.error]);

  let body;
  if (dashboard.isPending) {
    body = <PageSpinner label={t('loading')} />;
  } else if (!data) {
    body = (
      <Alert tone="error" title={t('loadFailed')}>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          {t('retry')}
        </Button>
      </Alert>
    );
  } else {
    const { stats, trends } = data;
    body = (
      <>
        <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
          <StatCard label={t('tileCustomers')} value={count(stats.totalCustomers)} trend={tileTrend(trends.totalCustomers, count)} icon={Users} tone="blue" />
          <StatCard
            label={t('tileCards')}
            value={count(stats.totalCards)}
            hint={t('tileCardsActive', { active: count(stats.activeCards) })}
            trend={tileTrend(trends.totalCards, count)}
            icon={CreditCard}
            tone="indigo"
          />
          <StatCard
            label={t('tileTransactions')}
            value={count(stats.totalTransactions)}
            trend={tileTrend(trends.totalTransactions, count)}
            icon={Receipt}
            tone="violet"
          />
          <StatCard
            label={t('tileCashbackIssued')}
            value={formatCents(stats.totalCashbackIssued)}
            trend={tileTrend(trends.totalCashbackIssued, formatCents)}
            icon={HandCoins}
            tone="emerald"
          />
          <StatCard
            label={t('tileCashbackRedeemed')}
            value={formatCents(stats.totalCashbackRedeemed)}
            trend={tileTrend(trends.totalCashbackRedeemed, formatCents)}
            icon={Wallet}
            tone="orange"
          />
          <StatCard label={t('tileOffers')} value={count(stats.activeOffers)} trend={tileTrend(trends.activeOffers, count)} icon={Gift} tone="pink" />
        </div>
        {dashboard.isError && (
          <Alert tone="warning" className="mb-4">
            {t('stale')}
          </Alert>
        )}
        <RecentTransactions slug={slug} transactions={data.recentTransactions} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title={t('pageTitle')} subtitle={user?.firstName ? t('welcomeName', { name: user.firstName }) : t('welcome')} />
      <SubscriptionStatusBanner slug={slug} />
      <SubscriptionBanner slug={slug} />
      {body}
    </div>
  );
}
