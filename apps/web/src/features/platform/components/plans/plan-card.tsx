import type { PlatformPlan } from '@loyalty/contract';
import { Check, Pencil, Trash2, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { PERIOD_LABELS } from '@/lib/labels';
import { plansMessages } from '../../messages-plans';
import { LIMIT_FIELDS, limitLabel, periodPriceCents } from './plan-form';

/**
 * One plan of the operator's grid (/platform/plans): name, Active / Inactive badge, price with its
 * period label (the monthly price too when the period is longer), description, features, the four
 * limits (∞ for −1), the tenants on it, Edit and Delete.
 */
export function PlanCard({ plan, onEdit, onDelete }: { plan: PlatformPlan; onEdit: () => void; onDelete: () => void }) {
  const t = useMessages(plansMessages);
  return (
    <Card data-testid="platform-plan" data-plan={plan.name} className={cn('flex flex-col', !plan.isActive && 'bg-slate-50')}>
      <div className="border-b border-slate-100 px-5 pb-4 pt-5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 break-words text-lg font-semibold text-slate-900">{plan.name}</h2>
          <Badge color={plan.isActive ? 'green' : 'grey'}>{plan.isActive ? t('active') : t('inactive')}</Badge>
        </div>
        <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="plan-price">
          {formatCents(periodPriceCents(plan))}
          <span className="text-base font-normal text-slate-500">{PERIOD_LABELS[plan.billingPeriod]}</span>
        </p>
        {plan.billingPeriod !== 'monthly' && <p className="text-xs text-slate-500">{t('perMonth', { amount: formatCents(plan.priceMonthly) })}</p>}
        {plan.description && <p className="mt-2 text-sm text-slate-600">{plan.description}</p>}
      </div>
      <div className="flex flex-1 flex-col gap-4 px-5 py-4">
        {plan.features.length > 0 ? (
          <ul className="space-y-2 text-sm text-slate-700" aria-label={t('features')}>
            {plan.features.map((f, i) => (
              <li key={`${i}-${f}`} className="flex items-start gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden /> <span className="min-w-0 break-words">{f}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t('noFeatures')}</p>
        )}
        <dl className="mt-auto grid grid-cols-2 gap-2 text-sm" aria-label={t('limits')}>
          {LIMIT_FIELDS.map(({ key, labelKey }) => (
            <div key={key} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-inset ring-slate-100">
              <dt className="text-xs text-slate-500">{t(labelKey)}</dt>
              <dd className="font-semibold text-slate-900" data-testid={`limit-${key}`} title={plan.limits[key] < 1 ? t('unlimited') : undefined}>
                {limitLabel(plan.limits[key])}
              </dd>
            </div>
          ))}
        </dl>
        <p className="flex items-center gap-1.5 text-sm text-slate-600" data-testid="plan-tenants">
          <Users className="h-4 w-4 text-slate-400" aria-hidden />
          {t('tenantsOnPlan', { count: plan.tenantsCount })}
        </p>
      </div>
      <div className="flex gap-2 border-t border-slate-100 px-5 py-3">
        <Button variant="outline" size="sm" className="flex-1" onClick={onEdit} aria-label={t('editPlan', { name: plan.name })}>
          <Pencil className="h-4 w-4" aria-hidden /> {t('edit')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 text-red-600 hover:bg-red-50"
          onClick={onDelete}
          aria-label={t('deletePlan', { name: plan.name })}
        >
          <Trash2 className="h-4 w-4" aria-hidden /> {t('delete')}
        </Button>
      </div>
    </Card>
  );
}
