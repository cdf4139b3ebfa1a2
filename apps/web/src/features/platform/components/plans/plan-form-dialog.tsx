import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PlatformPlan } from '@loyalty/contract';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select, Textarea } from '@/components/ui/input';
import { saveErrorMessage, serverFieldErrors } from '@/lib/server-field-errors';
import { PLAN_MESSAGES, useCreatePlan, useUpdatePlan } from '../../api/plans';
import { PERIOD_LABELS, PERIOD_NAMES } from '@/lib/labels';
import { LIMIT_FIELDS, PlanFormSchema, planToForm, toPlanInput, type PlanFormValues } from './plan-form';

const SERVER_FIELDS = ['name', 'description', 'priceMonthly', 'stripePriceId', 'billingPeriod'] as const;

/**
 * 'Add Plan' / 'Edit Plan' modal (spec §2 /platform/plans, §3 'Plan', §5 'Plan', §8 'Plans'):
 * name, description, price in dollars (sent as cents; invalid → 0), billing period, Stripe price
 * id (optional), the four limits (empty, invalid or 0 → −1, shown as 'Unlimited'), features as
 * rows (add / remove, at least one row stays, empty rows are dropped) and Active. Success 'Plan
 * created successfully!' / 'Plan updated successfully!' and close; failure the server's text,
 * else 'Failed to create plan. Please try again.' / 'Failed to update plan. Please try again.'
 * `plan`: the plan to edit, or null to create.
 */
export function PlanFormDialog({ open, plan, onClose }: { open: boolean; plan: PlatformPlan | null; onClose: () => void }) {
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const pending = create.isPending || update.isPending;
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={plan ? 'Edit Plan' : 'Add Plan'}
      description={plan ? 'Tenants see the changes on Billing → Plans.' : 'A new subscription plan for tenants to choose on Billing → Plans.'}
      dismissible={!pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {plan ? 'Save Changes' : 'Create Plan'}
          </Button>
        </>
      }
    >
      <PlanForm key={plan?.id ?? 'new'} formId={formId} plan={plan} create={create} update={update} onDone={onClose} />
    </Dialog>
  );
}

function PlanForm({
  formId,
  plan,
  create,
  update,
  onDone,
}: {
  formId: string;
  plan: PlatformPlan | null;
  create: ReturnType<typeof useCreatePlan>;
  update: ReturnType<typeof useUpdatePlan>;
  onDone: () => void;
}) {
  const form = useForm<PlanFormValues>({ resolver: zodResolver(PlanFormSchema), defaultValues: planToForm(plan) });
  const { errors } = form.formState;
  const features = useFieldArray({ control: form.control, name: 'features' });
  const isActive = useWatch({ control: form.control, name: 'isActive' });
  const period = useWatch({ control: form.control, name: 'billingPeriod' });

  const onSubmit = form.handleSubmit((values) => {
    const body = toPlanInput(values);
    const onError = (fallback: string) => (err: unknown) => {
      for (const { field, message } of serverFieldErrors(err, SERVER_FIELDS)) form.setError(field === 'priceMonthly' ? 'price' : field, { message });
      toast.error(saveErrorMessage(err, fallback));
    };
    const onSuccess = (message: string) => () => {
      toast.success(message);
      onDone();
    };
    if (plan) update.mutate({ id: plan.id, body }, { onSuccess: onSuccess(PLAN_MESSAGES.updated), onError: onError(PLAN_MESSAGES.updateFailed) });
    else create.mutate(body, { onSuccess: onSuccess(PLAN_MESSAGES.created), onError: onError(PLAN_MESSAGES.createFailed) });
  });

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Plan name" autoComplete="off" placeholder="e.g. Professional" error={errors.name?.message} {...form.register('name')} />
        <Input label="Stripe price ID (optional)" autoComplete="off" placeholder="price_…" error={errors.stripePriceId?.message} {...form.register('stripePriceId')} />
      </div>
      <Textarea label="Description" rows={2} maxLength={500} error={errors.description?.message} {...form.register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Monthly price ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          leading="$"
          hint={`Empty or invalid is $0. Shown per period (${PERIOD_LABELS[period] ?? '/month'}).`}
          error={errors.price?.message}
          {...form.register('price')}
        />
        <Select label="Billing period" error={errors.billingPeriod?.message} {...form.register('billingPeriod')}>
          {(Object.keys(PERIOD_NAMES) as Array<keyof typeof PERIOD_NAMES>).map((p) => (
            <option key={p} value={p}>
              {PERIOD_NAMES[p]}
            </option>
          ))}
        </Select>
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Limits</legend>
        <p className="mt-0.5 text-xs text-slate-500">Leave empty (or 0) for Unlimited.</p>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {LIMIT_FIELDS.map(({ key, label }) => (
            <Input
              key={key}
              label={label}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder="Unlimited"
              error={errors.limits?.[key]?.message}
              {...form.register(`limits.${key}`)}
            />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Features</legend>
        <p className="mt-0.5 text-xs text-slate-500">One feature per row; empty rows are left out.</p>
        <ul className="mt-2 space-y-2">
          {features.fields.map((field, i) => (
            <li key={field.id} className="flex items-start gap-2">
              <Input
                label={`Feature ${i + 1}`}
                hideLabel
                wrapperClassName="flex-1"
                autoComplete="off"
                placeholder="e.g. Unlimited customers"
                error={errors.features?.[i]?.value?.message}
                {...form.register(`features.${i}.value`)}
              />
              <Button
                variant="ghost"
                className="h-10 w-10 shrink-0 px-0"
                onClick={() => features.remove(i)}
                disabled={features.fields.length <= 1}
                aria-label={`Remove feature ${i + 1}`}
              >
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => features.append({ value: '' }, { shouldFocus: true })} disabled={features.fields.length >= 50}>
          <Plus className="h-4 w-4" aria-hidden /> Add Feature
        </Button>
      </fieldset>

      <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
        <Checkbox label="Active" checked={isActive} onChange={(e) => form.setValue('isActive', e.target.checked, { shouldDirty: true })} />
        <p className="mt-1 pl-6 text-xs text-slate-500">Only active plans are offered to tenants on Billing → Plans.</p>
      </div>
    </form>
  );
}
