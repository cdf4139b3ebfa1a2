import type { CustomerListItem } from '@loyalty/contract';
import { Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { isApiError } from '@/lib/api';
import { useDeleteCustomer } from '../api/delete-customer';
import { customerFailureMessage, fullName } from '../lib/labels';
import { RichMessage, useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';

/**
 * 'Delete Customer' confirmation. Warns that cards assigned to the customer must be unassigned
 * first. Delete: toast 'Customer deleted successfully' and close; a refusal (409 while cards are
 * assigned) shows the server's message in the dialog and as a toast; other failures toast 'Failed
 * to delete customer. Please try again.'
 */
export function DeleteCustomerDialog({ slug, customer, onClose }: { slug: string; customer: CustomerListItem | null; onClose: () => void }) {
  const t = useMessages(customersMessages);
  const remove = useDeleteCustomer(slug);
  const refused = remove.isError && isApiError(remove.error, 409) ? remove.error.message : null;
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!customer) return;
    remove.mutate(customer.id, {
      onSuccess: () => {
        toast.success(t('deleteDeleted'));
        close();
      },
      onError: (err) => toast.error(customerFailureMessage(err, t('deleteFailed'))),
    });
  };
  return (
    <ActionConfirmDialog
      open={customer !== null}
      onClose={close}
      title={t('deleteTitle')}
      pending={remove.isPending}
      onConfirm={confirm}
      icon={Trash2}
      confirmLabel={t('deleteTitle')}
      error={refused}
    >
      {customer && (
        <>
          <p>
            <RichMessage
              catalog={customersMessages}
              id="deleteQuestion"
              values={{ name: fullName(customer) }}
              components={{ name: <span className="font-semibold text-slate-900" /> }}
            />
          </p>
          <Alert tone="warning">
            {t('deleteUnassignFirst')}
            {customer.activeCards > 0 && (
              <>
                {' '}
                <RichMessage catalog={customersMessages} id="deleteActiveCards" values={{ count: customer.activeCards }} components={{ count: <strong /> }} />
              </>
            )}
          </Alert>
        </>
      )}
    </ActionConfirmDialog>
  );
}
