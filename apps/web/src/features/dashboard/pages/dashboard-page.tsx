import { ArrowRight, ScanLine } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { SubscriptionBadge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useTenant } from '@/features/tenant/api/get-tenant';
import { errorMessage } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { formatDate } from '@/lib/format';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * /t/{slug}/dashboard (tenant_admin, cashier). A first, honest version: a welcome, the
 * business's subscription facts from GET /t/{slug}/tenant, and a way into the POS. The spec's
 * stat tiles and recent transactions (spec §2 'Dashboard') arrive with the reports endpoint.
 */
export function DashboardPage() {
  const { slug = '' } = useParams();
  const user = useAuthStore((s) => s.user);
  const tenant = useTenant(slug);
  const t = tenant.data;
  // The card quota in force (trial allowance or plan limit; −1 unlimited), as the server computes it.
  const limit = t?.subscriptionInfo.cardLimit ?? 0;
  const used = t?.subscriptionInfo.cardsUsed ?? 0;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Dashboard" subtitle={`Welcome back, ${user?.firstName ?? ''}!`} />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Your business</CardTitle>
            {t && <SubscriptionBadge status={t.subscriptionStatus} trialLabel="Trial Account" />}
          </CardHeader>
          <CardContent>
            {tenant.isPending && (
              <div className="flex justify-center py-6 text-indigo-600">
                <Spinner />
              </div>
            )}
            {tenant.isError && <Alert tone="error">{errorMessage(tenant.error, 'Failed to load business information')}</Alert>}
            {t && (
              <dl className="grid grid-cols-2 gap-4">
                <Fact label="Name" value={t.name} />
                <Fact label="Cards" value={limit < 0 ? `${used} (unlimited)` : `${used} of ${limit}`} />
                {t.subscriptionStatus === 'TRIALING' && <Fact label="Trial ends" value={formatDate(t.trialEndsAt)} />}
                {t.subscriptionInfo.planName && <Fact label="Plan" value={t.subscriptionInfo.planName} />}
                {t.subscriptionStatus === 'PAST_DUE' && <Fact label="Grace period ends" value={formatDate(t.graceEndsAt)} />}
                <Fact label="Stores" value={String(t._count.stores)} />
              </dl>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Point of sale</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p className="text-sm text-slate-600">Scan or type a customer&apos;s card to add cashback on a purchase or redeem their balance.</p>
            {t && !t.canTransact ? (
              <Alert tone="warning">Subscription required to process transactions</Alert>
            ) : (
              <Link
                to={paths.tenant.pos(slug)}
                className="inline-flex h-10 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-700"
              >
                <ScanLine aria-hidden="true" className="h-4 w-4" />
                Open POS Terminal
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
