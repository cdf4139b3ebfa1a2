import type { SubscriptionAnalytics } from '@loyalty/contract';
import { ArrowRightLeft, CreditCard, Sparkles } from 'lucide-react';
import { Badge, type BadgeColor } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatCents, formatCount, formatDateTime } from '@/lib/format';
import { Table, type Column } from '@/components/ui/table';
import { useMessages, type Translate } from '@/lib/i18n';
import { subscriptionsMessages } from '../../messages-subscriptions';

type Event = SubscriptionAnalytics['subscriptionEvents'][number];
type Payment = SubscriptionAnalytics['recentPayments'][number];
type SubscriptionsT = Translate<typeof subscriptionsMessages.en>;

/** An event's line: 'Subscribed to {plan}' for created, 'Changed to {plan}' otherwise. */
function eventTitle(event: Event, t: SubscriptionsT): string {
  const plan = event.plan?.name ?? t('aPlan');
  return event.eventType === 'created' ? t('subscribedTo', { plan }) : t('changedTo', { plan });
}

/** Payment status colour: paid green, pending yellow, anything else red. */
function paymentColor(status: string): BadgeColor {
  return status === 'paid' ? 'green' : status === 'pending' ? 'yellow' : 'red';
}

function Empty({ children }: { children: string }) {
  return <p className="py-8 text-center text-sm text-slate-500">{children}</p>;
}

/** The list of subscription events (newest first): icon, 'Subscribed to …' / 'Changed to …', tenant, date. */
function EventList({ events, limit }: { events: Event[]; limit?: number }) {
  const t = useMessages(subscriptionsMessages);
  const shown = limit ? events.slice(0, limit) : events;
  if (shown.length === 0) return <Empty>{t('noEvents')}</Empty>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="subscription-events">
      {shown.map((e) => {
        const created = e.eventType === 'created';
        const Icon = created ? Sparkles : ArrowRightLeft;
        return (
          <li key={e.id} className="flex items-start gap-3 py-3">
            <span
              className={cn(
                'mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full',
                created ? 'bg-green-50 text-green-600' : 'bg-blue-50 text-blue-600',
              )}
              aria-hidden
            >
              <Icon className="h-4 w-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{eventTitle(e, t)}</p>
              <p className="truncate text-sm text-slate-600">
                {e.tenant.name}
                {e.plan && <span className="text-slate-500">{t('perMonth', { amount: formatCents(e.plan.priceMonthly) })}</span>}
              </p>
            </div>
            <time className="shrink-0 text-xs text-slate-500" dateTime={e.createdAt}>
              {formatDateTime(e.createdAt)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

/** Overview tab: the top 3 plans ranked #1 to #3 (summed amount, subscription count) and the recent subscription activity. */
export function OverviewTab({ data }: { data: SubscriptionAnalytics }) {
  const t = useMessages(subscriptionsMessages);
  const top = data.topPlans.slice(0, 3);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t('topPlans')}</CardTitle>
        </CardHeader>
        <CardContent>
          {top.length === 0 ? (
            <Empty>{t('noPlanRevenue')}</Empty>
          ) : (
            <ol className="space-y-3" data-testid="top-plans">
              {top.map((p, i) => (
                <li key={p.planId} className="flex items-center gap-3 rounded-lg border border-slate-100 px-3 py-2.5">
                  <span
                    className={cn(
                      'flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                      i === 0 ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-700',
                    )}
                  >
                    {t('rank', { n: i + 1 })}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900">{p.plan.name}</p>
                    <p className="text-sm text-slate-500">{t('subscriptionsCount', { count: p.count, n: formatCount(p.count) })}</p>
                  </div>
                  <p className="font-semibold text-slate-900">{formatCents(p.amount)}</p>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('recentActivity')}</CardTitle>
        </CardHeader>
        <CardContent className="py-1">
          <EventList events={data.subscriptionEvents} limit={5} />
        </CardContent>
      </Card>
    </div>
  );
}

const paymentColumns = (t: SubscriptionsT): Column<Payment>[] => [
  { id: 'tenant', header: t('columnTenant'), className: 'font-medium text-slate-900', cell: (p) => p.tenant.name },
  { id: 'plan', header: t('columnPlan'), className: 'text-slate-700', cell: (p) => p.plan?.name ?? '—' },
  { id: 'amount', header: t('columnAmount'), align: 'right', className: 'tabular-nums text-slate-900', cell: (p) => formatCents(p.amount) },
  { id: 'status', header: t('columnStatus'), cell: (p) => <Badge color={paymentColor(p.status)}>{p.status}</Badge> },
  { id: 'date', header: t('columnDate'), className: 'whitespace-nowrap text-slate-600', cell: (p) => formatDateTime(p.createdAt) },
];

/** One payment on a phone: tenant, plan and date; amount and status badge. */
function PaymentCard({ p }: { p: Payment }) {
  return (
    <>
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{p.tenant.name}</p>
        <p className="text-slate-600">{p.plan?.name ?? '—'}</p>
        <p className="text-xs text-slate-500">{formatDateTime(p.createdAt)}</p>
      </div>
      <div className="shrink-0 text-right">
        <p className="font-medium tabular-nums text-slate-900">{formatCents(p.amount)}</p>
        <Badge color={paymentColor(p.status)}>{p.status}</Badge>
      </div>
    </>
  );
}

/** Payments tab: table Tenant, Plan, Amount, Status, Date; status paid green, pending yellow, other red. */
export function PaymentsTab({ payments }: { payments: Payment[] }) {
  const t = useMessages(subscriptionsMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recentPayments')}</CardTitle>
        <CreditCard className="h-5 w-5 text-slate-400" aria-hidden />
      </CardHeader>
      <CardContent>
        {payments.length === 0 ? (
          <Empty>{t('noPayments')}</Empty>
        ) : (
          <Table
            caption={t('recentPayments')}
            columns={paymentColumns(t)}
            rows={payments}
            rowKey={(p) => p.id}
            rowProps={() => ({ 'data-testid': 'payment-row', className: 'text-sm' })}
            renderCard={(p) => <PaymentCard p={p} />}
            cardProps={() => ({ 'data-testid': 'payment-item', className: 'flex items-start justify-between gap-3 py-3 text-sm' })}
            breakpoint="sm"
            cellClassName="px-3 py-2.5"
          />
        )}
      </CardContent>
    </Card>
  );
}

/** Events tab: every subscription event of the period, 'Subscribed to' / 'Changed to', with tenant and date. */
export function EventsTab({ events }: { events: Event[] }) {
  const t = useMessages(subscriptionsMessages);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('subscriptionEvents')}</CardTitle>
        <span className="text-sm text-slate-500">{t('eventsCount', { count: events.length, n: formatCount(events.length) })}</span>
      </CardHeader>
      <CardContent className="py-1">
        <EventList events={events} />
      </CardContent>
    </Card>
  );
}
