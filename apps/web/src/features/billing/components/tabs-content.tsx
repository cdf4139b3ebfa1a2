import type { BillingPlan, PaymentMethod, TenantResponse, UsageStats } from '@loyalty/contract';
import { Check, CreditCard, Plus, Store, Trash2, Users, Zap } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge, SubscriptionBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatCents, formatDate } from '@/lib/format';
import { useInvoices, usePlans, useUsage } from '../api/billing';
import { PaymentMethodSummary } from './payment-method-row';

/** Whether a plan is the 'Most Popular' one (spec §2: name containing 'professional'). */
export const isProfessional = (plan: BillingPlan) => plan.name.toLowerCase().includes('professional');

/** The plan 'Upgrade to Pro' picks (spec §2 'Overview'): name containing 'professional', else the second plan. */
export function upgradePlan(plans: readonly BillingPlan[]): BillingPlan | undefined {
  return plans.find(isProfessional) ?? plans[1] ?? plans[0];
}

const limitText = (limit: number) => (limit === -1 ? '∞' : String(limit));

/**
 * Overview tab (spec §2): current subscription card, trial box, four usage tiles, Quick Actions
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
  const usage = useUsage(slug);
  const plans = usePlans(slug);
  const info = tenant.subscriptionInfo;
  const target = plans.data ? upgradePlan(plans.data) : undefined;
  const currentPlan = plans.data?.find((p) => p.id === tenant.planId);
  const tiles = usage.data
    ? [
        { label: 'Cards Used', value: `${usage.data.cardsUsed} / ${limitText(usage.data.cardsLimit)}`, Icon: CreditCard },
        { label: 'Active Stores', value: `${usage.data.storesUsed} / ${limitText(usage.data.storesLimit)}`, Icon: Store },
        { label: 'Staff Members', value: `${usage.data.staffUsed} / ${limitText(usage.data.staffLimit)}`, Icon: Users },
        { label: 'This Month', value: String(usage.data.transactionsUsed), Icon: Zap },
      ]
    : [];
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Current Subscription</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <div className="flex flex-wrap items-center gap-3" data-testid="current-subscription">
            <p className="text-lg font-semibold text-slate-900">{info.planName ?? currentPlan?.name ?? 'Free Trial'}</p>
            <SubscriptionBadge status={tenant.subscriptionStatus} />
          </div>
          {currentPlan && <p className="text-slate-600">{formatCents(currentPlan.priceMonthly)}/month</p>}
          {(tenant.subscriptionStatus === 'TRIALING' || tenant.subscriptionStatus === 'NONE') && (
            <div className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
              <p className="font-semibold">Free Trial</p>
              <p>
                {tenant._count.cards} of {tenant.freeTrialLimit} free card activations used
                {tenant.trialEndsAt ? ` · trial ends ${formatDate(tenant.trialEndsAt)}` : ''}. Upgrade to unlock more cards, stores and staff.
              </p>
            </div>
          )}
        </CardContent>
      </Card>
      {usage.isPending ? (
        <Spinner />
      ) : usage.isError ? (
        <Alert tone="error">Failed to load usage</Alert>
      ) : (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {tiles.map(({ label, value, Icon }) => (
            <Card key={label}>
              <CardContent className="flex items-center gap-3">
                <Icon className="h-8 w-8 shrink-0 text-indigo-600" aria-hidden />
                <div className="min-w-0">
                  <p className="text-sm text-slate-500">{label === 'This Month' ? 'This Month (transactions)' : label}</p>
                  <p className="truncate font-semibold text-slate-900">{value}</p>
                </div>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          {tenant.subscriptionStatus !== 'ACTIVE' && target && (
            <Button onClick={() => onUpgrade(target)}>
              <Zap className="h-4 w-4" aria-hidden /> Upgrade to Pro
            </Button>
          )}
          <Button variant="outline" onClick={onManage} loading={managing}>
            Manage Settings
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** Plans tab (spec §2): three-column grid, 'Most Popular', 'Current' + disabled 'Current Plan', 'Select Plan' / 'Processing...'. */
export function PlansTab({ slug, tenant, processingPlanId, onSelect }: { slug: string; tenant: TenantResponse; processingPlanId: string | null; onSelect: (plan: BillingPlan) => void }) {
  const plans = usePlans(slug);
  if (plans.isPending) return <Spinner />;
  if (plans.isError) return <Alert tone="error">Failed to load plans</Alert>;
  if (plans.data.length === 0) return <p className="text-slate-500">No plans available</p>;
  const currentId = tenant.subscriptionStatus === 'ACTIVE' || tenant.subscriptionStatus === 'PAST_DUE' ? tenant.planId : null;
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {plans.data.map((plan) => {
        const current = plan.id === currentId;
        const popular = isProfessional(plan);
        return (
          <Card key={plan.id} data-testid={`plan-${plan.name}`} className={cn('relative flex flex-col', popular && 'border-2 border-indigo-500', current && 'ring-2 ring-green-500')}>
            {popular && (
              <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-semibold text-white">Most Popular</span>
            )}
            <div className="border-b border-slate-100 px-5 pb-4 pt-6">
              <div className="flex items-center justify-between gap-2">
                <CardTitle>{plan.name}</CardTitle>
                {current && <Badge color="green">Current</Badge>}
              </div>
              <p className="mt-2 text-3xl font-bold text-slate-900">
                {formatCents(plan.priceMonthly)}
                <span className="text-base font-normal text-slate-500">/month</span>
              </p>
              <p className="text-sm text-slate-600">{plan.description}</p>
            </div>
            <CardContent className="flex flex-1 flex-col gap-4">
              <ul className="flex-1 space-y-2 text-sm text-slate-700">
                {plan.features.map((f) => (
                  <li key={f} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden /> {f}
                  </li>
                ))}
              </ul>
              <Button
                variant={current ? 'secondary' : popular ? 'primary' : 'outline'}
                disabled={current || processingPlanId !== null}
                onClick={() => onSelect(plan)}
                aria-label={current ? `Current Plan ${plan.name}` : `Select Plan ${plan.name}`}
              >
                {current ? 'Current Plan' : processingPlanId === plan.id ? 'Processing...' : 'Select Plan'}
              </Button>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

/** Payment Methods tab (spec §2): list with Set Default and delete, empty state with 'Add Your First Card'. */
export function PaymentMethodsTab({
  methods,
  isPending,
  isError,
  busy,
  onAdd,
  onSetDefault,
  onRemove,
}: {
  methods: PaymentMethod[] | undefined;
  isPending: boolean;
  isError: boolean;
  busy: boolean;
  onAdd: () => void;
  onSetDefault: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Payment Methods</CardTitle>
        <Button size="sm" onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden /> Add Card
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner />
        ) : isError || !methods ? (
          <Alert tone="error">Failed to load payment methods</Alert>
        ) : methods.length === 0 ? (
          <div className="py-8 text-center">
            <CreditCard className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
            <p className="mt-2 font-medium text-slate-900">No payment methods</p>
            <Button className="mt-4" onClick={onAdd}>
              Add Your First Card
            </Button>
          </div>
        ) : (
          <ul className="divide-y divide-slate-200">
            {methods.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <PaymentMethodSummary method={m} />
                <div className="flex gap-2">
                  {!m.is_default && (
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => onSetDefault(m.id)}>
                      Set Default
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" disabled={busy} onClick={() => onRemove(m.id)} aria-label={`Remove ${m.card.brand.toUpperCase()} ending ${m.card.last4}`}>
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : null;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-600" data-testid={`usage-${label}`}>
          {used} / {limitText(limit)}
          {percent !== null && ` (${percent}%)`}
        </span>
      </div>
      <ProgressBar value={used} max={limit > 0 ? limit : 0} label={`${label} usage`} valueText={`${used} of ${limitText(limit)}`} tone={percent !== null && percent >= 90 ? 'red' : 'indigo'} />
    </div>
  );
}

/** Usage tab (spec §2): bars for cards, stores, staff (∞ for −1, % only when limit > 0, capped at 100 %), billing period, transactions. */
export function UsageTab({ slug }: { slug: string }) {
  const usage = useUsage(slug);
  if (usage.isPending) return <Spinner />;
  if (usage.isError) return <Alert tone="error">Failed to load usage</Alert>;
  const u: UsageStats = usage.data;
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <CardTitle>Usage</CardTitle>
        <p className="text-sm text-slate-500">
          Billing period: {formatDate(u.currentPeriodStart)} – {formatDate(u.currentPeriodEnd)}
        </p>
      </CardHeader>
      <CardContent className="space-y-5">
        <UsageRow label="Cards" used={u.cardsUsed} limit={u.cardsLimit} />
        <UsageRow label="Stores" used={u.storesUsed} limit={u.storesLimit} />
        <UsageRow label="Staff" used={u.staffUsed} limit={u.staffLimit} />
        <p className="text-sm text-slate-700">
          Transactions this month: <span className="font-semibold">{u.transactionsUsed}</span>
        </p>
      </CardContent>
    </Card>
  );
}

/** Invoices tab (spec §2): table Invoice, Amount, Status, Period, Actions; loaded only when ACTIVE; empty 'No invoices yet'. */
export function InvoicesTab({ slug, active }: { slug: string; active: boolean }) {
  const invoices = useInvoices(slug, active);
  const secs = (s: number) => formatDate(new Date(s * 1000).toISOString());
  let body;
  if (!active) body = <p className="py-8 text-center text-slate-500">No invoices yet</p>;
  else if (invoices.isPending) body = <Spinner />;
  else if (invoices.isError) body = <Alert tone="error">Failed to load invoices</Alert>;
  else if (invoices.data.length === 0) body = <p className="py-8 text-center text-slate-500">No invoices yet</p>;
  else
    body = (
      // Scrolls sideways on a phone and holds no link under the Demo provider: focusable, so the keyboard can scroll it.
      <div
        role="region"
        aria-label="Invoices table"
        tabIndex={0}
        className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th className="py-2 pr-4 font-medium">Invoice</th>
              <th className="py-2 pr-4 font-medium">Amount</th>
              <th className="py-2 pr-4 font-medium">Status</th>
              <th className="py-2 pr-4 font-medium">Period</th>
              <th className="py-2 font-medium">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoices.data.map((inv) => (
              <tr key={inv.id}>
                <td className="py-2 pr-4">
                  <p className="font-medium text-slate-900">#{inv.id.slice(-8)}</p>
                  <p className="text-xs text-slate-500">{secs(inv.created)}</p>
                </td>
                <td className="py-2 pr-4">{formatCents(inv.amount_paid)}</td>
                <td className="py-2 pr-4">
                  <Badge color={inv.status === 'paid' ? 'green' : 'grey'}>{inv.status}</Badge>
                </td>
                <td className="whitespace-nowrap py-2 pr-4">
                  {secs(inv.period_start)} – {secs(inv.period_end)}
                </td>
                <td className="space-x-3 py-2">
                  {inv.hosted_invoice_url && (
                    <a className="text-indigo-600 hover:underline" href={inv.hosted_invoice_url} target="_blank" rel="noreferrer">
                      View
                    </a>
                  )}
                  {!inv.hosted_invoice_url && !inv.invoice_pdf && <span className="text-slate-500">—</span>}
                  {inv.invoice_pdf && (
                    <a className="text-indigo-600 hover:underline" href={inv.invoice_pdf} target="_blank" rel="noreferrer">
                      PDF
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
