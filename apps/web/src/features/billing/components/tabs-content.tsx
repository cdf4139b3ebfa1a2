import type { BillingPlan, PaymentMethod, TenantResponse, UsageStats } from '@loyalty/contract';
import { Check, CreditCard, Plus, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatCents, formatDate } from '@/lib/format';
import { usePlans, useUsage } from '../api/billing';
import { PaymentMethodSummary } from './payment-method-summary';

/** Whether a plan is the 'Most Popular' one (name containing 'professional'). */
const isProfessional = (plan: BillingPlan) => plan.name.toLowerCase().includes('professional');

/** The plan 'Upgrade to Pro' picks: name containing 'professional', else the second plan. */
export function upgradePlan(plans: readonly BillingPlan[]): BillingPlan | undefined {
  return plans.find(isProfessional) ?? plans[1] ?? plans[0];
}

/** A plan limit as shown: '∞' for −1 (unlimited), else the number. */
export const limitText = (limit: number) => (limit === -1 ? '∞' : String(limit));

/** Plans tab: three-column grid, 'Most Popular', 'Current' + disabled 'Current Plan', 'Select Plan' / 'Processing...'. */
export function PlansTab({
  slug,
  tenant,
  processingPlanId,
  onSelect,
}: {
  slug: string;
  tenant: TenantResponse;
  processingPlanId: string | null;
  onSelect: (plan: BillingPlan) => void;
}) {
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
          <Card
            key={plan.id}
            data-testid={`plan-${plan.name}`}
            className={cn('relative flex flex-col', popular && 'border-2 border-indigo-500', current && 'ring-2 ring-green-500')}
          >
            {popular && (
              <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-semibold text-white">
                Most Popular
              </span>
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

/** Payment Methods tab: list with Set Default and delete, empty state with 'Add Your First Card'. */
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
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => onRemove(m.id)}
                    aria-label={`Remove ${m.card.brand.toUpperCase()} ending ${m.card.last4}`}
                  >
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
      <ProgressBar
        value={used}
        max={limit > 0 ? limit : 0}
        label={`${label} usage`}
        valueText={`${used} of ${limitText(limit)}`}
        tone={percent !== null && percent >= 90 ? 'red' : 'indigo'}
      />
    </div>
  );
}

/** Usage tab: bars for cards, stores, staff (∞ for −1, % only when limit > 0, capped at 100 %), billing period, transactions. */
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
