import type { PlatformPlan } from '@loyalty/contract';
import { Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { RichMessage, translate, useMessages } from '@/lib/i18n';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useDeletePlan } from '../../api/plans';
import { plansMessages } from '../../messages-plans';

/**
 * The confirmation before a plan is deleted ('Are you sure you want to delete
 * the plan? This action cannot be undone.'). Delete → 'Plan deleted successfully!' and close;
 * a refusal keeps the dialog open with the server's text (409 'This plan is used by {n}
 * tenant(s) and cannot be deleted'), else 'Failed to delete plan. Please try again.'
 */
export function DeletePlanDialog({ plan, onClose }: { plan: PlatformPlan | null; onClose: () => void }) {
  const t = useMessages(plansMessages);
  const remove = useDeletePlan();
  const close = () => {
    remove.reset();
    onClose();
  };
  const failure = remove.isError ? saveErrorMessage(remove.error, t('deleteFailed')) : null;
  const confirm = () =>
    plan &&
    remove.mutate(plan.id, {
      onSuccess: () => {
        toast.success(translate(plansMessages, 'deleteDone'));
        close();
      },
      onError: (err) => toast.error(saveErrorMessage(err, translate(plansMessages, 'deleteFailed'))),
    });
  return (
    <ActionConfirmDialog
      open={plan !== null}
      onClose={close}
      title={t('deleteTitle')}
      pending={remove.isPending}
      onConfirm={confirm}
      icon={Trash2}
      confirmLabel={t('deleteConfirm')}
      error={failure}
    >
      <p>{t('deleteQuestion')}</p>
      {plan && (
        <p>
          <RichMessage
            catalog={plansMessages}
            id="deletePlanName"
            values={{ name: plan.name }}
            components={{ name: <span className="font-semibold text-slate-900" /> }}
          />
          {plan.tenantsCount > 0 && <span className="text-slate-500">{t('deleteTenantsOnIt', { count: plan.tenantsCount })}</span>}
        </p>
      )}
    </ActionConfirmDialog>
  );
}
