import { zodResolver } from '@hookform/resolvers/zod';
import type { PlatformPlan } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { translate } from '@/lib/i18n';
import { saveErrorMessage, serverFieldErrors } from '@/lib/server-field-errors';
import type { useCreatePlan, useUpdatePlan } from '../api/plans';
import { PlanFormSchema, planToForm, toPlanInput, type PlanFormValues } from '../components/plans/plan-form';
import { plansMessages } from '../messages-plans';

const SERVER_FIELDS = ['name', 'description', 'priceMonthly', 'stripePriceId', 'billingPeriod'] as const;

/**
 * Form state and submit of the 'Add Plan' / 'Edit Plan' form: values start from
 * `planToForm(plan)` (`plan` null → create) and are validated by `PlanFormSchema`; submit sends
 * `toPlanInput` (price in cents, limits −1 for Unlimited) through `update` or `create`. Success:
 * toast 'Plan created successfully!' / 'Plan updated successfully!' and `onDone()`. Failure: the
 * server's field errors go on their fields (`priceMonthly` on `price`) and a toast shows the
 * server's text, else 'Failed to create plan. Please try again.' / 'Failed to update plan…'.
 */
export function usePlanForm({
  plan,
  create,
  update,
  onDone,
}: {
  plan: PlatformPlan | null;
  create: ReturnType<typeof useCreatePlan>;
  update: ReturnType<typeof useUpdatePlan>;
  onDone: () => void;
}) {
  const form = useForm<PlanFormValues>({ resolver: zodResolver(PlanFormSchema), defaultValues: planToForm(plan) });

  const onSubmit = form.handleSubmit((values) => {
    const body = toPlanInput(values);
    const onError = (fallback: 'createFailed' | 'updateFailed') => (err: unknown) => {
      for (const { field, message } of serverFieldErrors(err, SERVER_FIELDS)) form.setError(field === 'priceMonthly' ? 'price' : field, { message });
      toast.error(saveErrorMessage(err, translate(plansMessages, fallback)));
    };
    const onSuccess = (message: 'createDone' | 'updateDone') => () => {
      toast.success(translate(plansMessages, message));
      onDone();
    };
    if (plan) update.mutate({ id: plan.id, body }, { onSuccess: onSuccess('updateDone'), onError: onError('updateFailed') });
    else create.mutate(body, { onSuccess: onSuccess('createDone'), onError: onError('createFailed') });
  });

  return { form, onSubmit };
}
