import { useEffect } from 'react';
import { CreditCard, Gift, HandCoins, Receipt, RotateCw, Users, Wallet } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { formatCents } from '@/lib/format';
import { useDashboard } from '../api/get-dashboard';
import { RecentTransactions } from '../components/recent-transactions';
import { StatTile } from '../components/stat-tile';
import { SubscriptionBanner } from '../components/subscription-banner';
import { SubscriptionStatusBanner } from '../components/subscription-status-banner';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Dashboard /t/{slug}/dashboard (spec §2 'Dashboard', §3 'Dashboard stats', §4 'Dashboard
 * banner'; tenant_admin and cashier alike): the subscription or trial banner, six tiles (Total
 * Customers, Active Cards showing the total card count, Total Transactions, Cashback Issued,
 * Cashback Redeemed, Active Offers) each with its real trend against last month (decisions.md),
 * and the 5 most recent transactions. A spinner while loading; 'Failed to load dashboard data'
 * with a retry on failure.
 */
export function DashboardPage() {
  const { slug = '' } = useParams();
  const user = useAuthStore((s) => s.user);
  const dashboard = useDashboard(slug);
  const data = dashboard.data;

  useEffect(() => {
    if (dashboard.error) console.error('Failed to load dashboard data:', dashboard.error);
  }, [dashboard.error]);

  let body;
  if (dashboard.isPending) {
    body = <PageSpinner label="Loading dashboard" />;
  } else if (!data) {
    body = (
      <Alert tone="error" title="Failed to load dashboard data">
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          Try again
        </Button>
      </Alert>
    );
  } else {
    const { stats, trends } = data;
    body = (
      <>
        <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
          <StatTile label="Total Customers" value={count(stats.totalCustomers)} trend={trends.totalCustomers} icon={Users} accent="bg-blue-50 text-blue-600" format={count} />
          <StatTile
            label="Active Cards"
            value={count(stats.totalCards)}
            detail={`${count(stats.activeCards)} active`}
            trend={trends.totalCards}
            icon={CreditCard}
            accent="bg-indigo-50 text-indigo-600"
            format={count}
          />
          <StatTile label="Total Transactions" value={count(stats.totalTransactions)} trend={trends.totalTransactions} icon={Receipt} accent="bg-violet-50 text-violet-600" format={count} />
          <StatTile label="Cashback Issued" value={formatCents(stats.totalCashbackIssued)} trend={trends.totalCashbackIssued} icon={HandCoins} accent="bg-emerald-50 text-emerald-600" format={formatCents} />
          <StatTile label="Cashback Redeemed" value={formatCents(stats.totalCashbackRedeemed)} trend={trends.totalCashbackRedeemed} icon={Wallet} accent="bg-orange-50 text-orange-600" format={formatCents} />
          <StatTile label="Active Offers" value={count(stats.activeOffers)} trend={trends.activeOffers} icon={Gift} accent="bg-pink-50 text-pink-600" format={count} />
        </div>
        {dashboard.isError && (
          <Alert tone="warning" className="mb-4">
            The figures could not be refreshed; showing the last ones loaded.
          </Alert>
        )}
        <RecentTransactions slug={slug} transactions={data.recentTransactions} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Dashboard" subtitle={user?.firstName ? `Welcome back, ${user.firstName}!` : 'Welcome back!'} />
      <SubscriptionStatusBanner slug={slug} />
      <SubscriptionBanner slug={slug} />
      {body}
    </div>
  );
}
