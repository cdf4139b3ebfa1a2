import type { BillingPlan, TenantResponse } from '@loyalty/contract';
import { Check } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatCents } from '@/lib/format';
import { usePlans } from '../api/billing';
import { isProfessional } from '../lib/plans';
import { useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

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
  const t = useMessages(billingMessages);
  const plans = usePlans(slug);
  if (plans.isPending) return <Spinner />;
  if (plans.isError) return <Alert tone="error">{t('plansLoadFailed')}</Alert>;
  if (plans.data.length === 0) return <p className="text-slate-500">{t('noPlans')}</p>;
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
                {t('mostPopular')}
              </span>
            )}
            <div className="border-b border-slate-100 px-5 pb-4 pt-6">
              <div className="flex items-center justify-between gap-2">
                <CardTitle>{plan.name}</CardTitle>
                {current && <Badge color="green">{t('current')}</Badge>}
              </div>
              <p className="mt-2 text-3xl font-bold text-slate-900">
                {formatCents(plan.priceMonthly)}
                <span className="text-base font-normal text-slate-500">{t('month')}</span>
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
                aria-label={current ? t('currentPlanLabel', { name: plan.name }) : t('selectPlanLabel', { name: plan.name })}
              >
                {current ? t('currentPlan') : processingPlanId === plan.id ? t('processing') : t('selectPlan')}
              </Button>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
