import { CreditCard, Gift, TrendingUp, UserX, Wallet } from 'lucide-react';
import { useParams } from 'react-router';
import { ExpiringSoon } from '@/components/ledger/expiring-soon';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { formatCents } from '@/lib/format';
import { useMyAccount } from '../api/get-my-account';
import { BirthdayCard } from '../components/birthday-card';
import { InviteCard } from '../components/invite-card';
import { MyCards } from '../components/my-cards';
import { MyDataCard } from '../components/my-data-card';
import { MyTransactions } from '../components/my-transactions';
import { ProfileCard } from '../components/profile-card';
import { useMessages } from '@/lib/i18n';
import { customerMessages } from '../messages';

/**
 * Customer dashboard /t/{slug}/customer (customer role): 'Welcome back, {firstName}!', four stat
 * cards (Total Balance, Total Earned, Total Redeemed, Active Cards; money in cents shown as USD),
 * Profile Information, Your Loyalty Cards, 'Invite a friend' (while the business runs referrals),
 * 'Birthday' and the 10 most recent transactions, all from GET /t/{slug}/me, and 'Your data'
 * (download, ask to erase), which holds the session's own customer only. 'Customer profile not found' when the API answers 404; a spinner while loading; other
 * failures show the message with 'Try again'.
 */
export function CustomerPage() {
  const t = useMessages(customerMessages);
  const { slug = '' } = useParams();
  const user = useAuthStore((s) => s.user);
  const tenant = useAuthStore((s) => s.tenant);
  const account = useMyAccount(slug);

  if (account.isPending) return <PageSpinner label={t('loadingAccount')} />;

  if (account.isError) {
    const notFound = isApiError(account.error, 404);
    return (
      <div className="mx-auto max-w-xl py-10">
        {notFound ? (
          <div className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-slate-100 text-slate-500">
              <UserX aria-hidden="true" className="h-8 w-8" />
            </span>
            <h1 className="mt-4 text-lg font-semibold text-slate-900">{t('notFoundTitle')}</h1>
            <p className="mt-1 text-sm text-slate-500">{t('notFoundText')}</p>
          </div>
        ) : (
          <LoadError title={t('loadFailed')} query={account} fallback={t('loadFailedFallback')} />
        )}
      </div>
    );
  }

  const { customer, stats, recentTransactions, expiringSoon, referralLink } = account.data;
  const firstName = customer.firstName || user?.firstName || '';
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t('welcome', { firstName })} subtitle={tenant ? t('accountAt', { tenantName: tenant.name }) : t('account')} />
      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard label={t('totalBalance')} value={formatCents(stats.totalBalanceCents)} icon={Wallet} tone="indigo" />
        <StatCard label={t('totalEarned')} value={formatCents(stats.totalEarnedCents)} icon={TrendingUp} tone="emerald" />
        <StatCard label={t('totalRedeemed')} value={formatCents(stats.totalRedeemedCents)} icon={Gift} tone="orange" />
        <StatCard label={t('activeCards')} value={String(stats.activeCards)} icon={CreditCard} tone="sky" />
      </div>
      {expiringSoon.length > 0 && (
        <div className="mb-6">
          <ExpiringSoon items={expiringSoon} showCard={customer.cards.length > 1} />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <ProfileCard customer={customer} />
        </div>
        <div className="lg:col-span-2">
          <MyCards slug={slug} cards={customer.cards} />
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {referralLink && <InviteCard code={customer.referralCode} link={referralLink} />}
        <BirthdayCard slug={slug} birthday={customer.birthday} />
      </div>
      <div className="mt-6">
        <MyTransactions transactions={recentTransactions} />
      </div>
      <div className="mt-6">
        <MyDataCard slug={slug} />
      </div>
    </div>
  );
}
