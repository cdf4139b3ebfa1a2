import { useState } from 'react';
import type { PlatformPlan } from '@loyalty/contract';
import { Layers, Plus } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useMessages } from '@/lib/i18n';
import { usePlatformPlans } from '../api/plans';
import { DeletePlanDialog } from '../components/plans/delete-plan-dialog';
import { PlanCard } from '../components/plans/plan-card';
import { PlanFormDialog } from '../components/plans/plan-form-dialog';
import { plansMessages } from '../messages-plans';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; plan: PlatformPlan };

/**
 * /platform/plans (platform_admin): the grid of every plan (active and inactive) with Add Plan,
 * Edit and Delete per card. Loading spinner; 'Failed to load plans' with Try again; an empty state
 * with Add Plan.
 */
export function PlansPage() {
  const t = useMessages(plansMessages);
  const plans = usePlatformPlans();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<PlatformPlan | null>(null);
  const addButton = (
    <Button onClick={() => setForm({ mode: 'create' })}>
      <Plus className="h-4 w-4" aria-hidden /> {t('addPlan')}
    </Button>
  );

  let body;
  if (plans.isPending) body = <PageSpinner label={t('loading')} />;
  else if (plans.isError) body = <LoadError title={t('loadFailed')} query={plans} fallback={t('loadFailedFallback')} />;
  else if (plans.data.length === 0)
    body = (
      <Card>
        <CardContent className="py-12 text-center">
          <Layers className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
          <p className="mt-2 font-medium text-slate-900">{t('emptyTitle')}</p>
          <p className="mt-1 text-sm text-slate-500">{t('emptyDescription')}</p>
          <div className="mt-4">{addButton}</div>
        </CardContent>
      </Card>
    );
  else
    body = (
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {plans.data.map((plan) => (
          <PlanCard key={plan.id} plan={plan} onEdit={() => setForm({ mode: 'edit', plan })} onDelete={() => setToDelete(plan)} />
        ))}
      </div>
    );

  return (
    <div>
      <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} actions={addButton} />
      {body}
      <PlanFormDialog open={form.mode !== 'closed'} plan={form.mode === 'edit' ? form.plan : null} onClose={() => setForm({ mode: 'closed' })} />
      <DeletePlanDialog plan={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
