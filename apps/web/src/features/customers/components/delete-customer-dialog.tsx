import type { CustomerListItem } from '@loyalty/contract';
import { Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { isApiError } from '@/lib/api';
import { useDeleteCustomer } from '../api/delete-customer';
import { customerFailureMessage, fullName } from '../lib/labels';

/**
 * 'Delete Customer' confirmation. Warns that cards assigned to the customer must be unassigned
 * first. Delete: toast 'Customer deleted successfully' and close; a refusal (409 while cards are
 * assigned) shows the server's message in the dialog and as a toast; other failures toast 'Failed
 * to delete customer. Please try again.'
 */
export function DeleteCustomerDialog({ slug, customer, onClose }: { slug: string; customer: CustomerListItem | null; onClose: () => void }) {
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
        toast.success('Customer deleted successfully');
        close();
      },
      onError: (err) => toast.error(customerFailureMessage(err, 'Failed to delete customer. Please try again.')),
    });
  };
  return (
    <ActionConfirmDialog
      open={customer !== null}
      onClose={close}
      title="Delete Customer"
      pending={remove.isPending}
      onConfirm={confirm}
      icon={Trash2}
      confirmLabel="Delete Customer"
      error={refused}
    >
      {customer && (
        <>
          <p>
            Are you sure you want to delete <span className="font-semibold text-slate-900">{fullName(customer)}</span>? This action cannot be undone.
          </p>
          <Alert tone="warning">
            Any cards associated with this customer must be unassigned first.
            {customer.activeCards > 0 && (
              <>
                {' '}
                This customer has <strong>{customer.activeCards}</strong> active {customer.activeCards === 1 ? 'card' : 'cards'}.
              </>
            )}
          </Alert>
        </>
      )}
    </ActionConfirmDialog>
  );
}
