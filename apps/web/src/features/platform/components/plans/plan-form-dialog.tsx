import type { PlatformPlan } from '@loyalty/contract';
import { FormDialog } from '@/components/ui/form-dialog';
import { useMessages } from '@/lib/i18n';
import { useCreatePlan, useUpdatePlan } from '../../api/plans';
import { usePlanForm } from '../../hooks/use-plan-form';
import { plansMessages } from '../../messages-plans';
import { PlanActiveField, PlanBasicsFields, PlanFeaturesFieldset, PlanLimitsFieldset } from './plan-form-fields';

/**
 * 'Add Plan' / 'Edit Plan' modal (/platform/plans): name, description, price in dollars (sent as
 * cents; invalid → 0), billing period, Stripe price id (optional), the four limits (empty, invalid
 * or 0 → −1, shown as 'Unlimited'), features as rows (add / remove, at least one row stays, empty
 * rows are dropped) and Active. Success 'Plan created successfully!' / 'Plan updated successfully!'
 * and close; failure the server's text, else 'Failed to create plan. Please try again.' / 'Failed
 * to update plan. Please try again.' `plan`: the plan to edit, or null to create.
 */
export function PlanFormDialog({ open, plan, onClose }: { open: boolean; plan: PlatformPlan | null; onClose: () => void }) {
  const t = useMessages(plansMessages);
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const pending = create.isPending || update.isPending;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title={plan ? t('formEditTitle') : t('formAddTitle')}
      description={plan ? t('formEditDescription') : t('formAddDescription')}
      pending={pending}
      submitLabel={plan ? t('formSave') : t('formCreate')}
    >
      {(formId) => <PlanForm key={plan?.id ?? 'new'} formId={formId} plan={plan} create={create} update={update} onDone={onClose} />}
    </FormDialog>
  );
}

/** The plan form's body (see `PlanFormDialog`); state and submit live in `usePlanForm`. */
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
  const { form, onSubmit } = usePlanForm({ plan, create, update, onDone });
  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-5">
      <PlanBasicsFields form={form} />
      <PlanLimitsFieldset form={form} />
      <PlanFeaturesFieldset form={form} />
      <PlanActiveField form={form} />
    </form>
  );
}
