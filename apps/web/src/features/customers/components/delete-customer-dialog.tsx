import type { CustomerListItem } from '@loyalty/contract';
import { AlertTriangle, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api';
import { useDeleteCustomer } from '../api/delete-customer';
import { customerFailureMessage, fullName } from '../lib/labels';

/**
 * 'Delete Customer' confirmation (spec §2 'Customers', §8 'Customers'). Warns that cards
 * assigned to the customer must be unassigned first. Delete: toast 'Customer deleted
 * successfully' and close; a refusal (409 while cards are assigned) shows the server's message
 * in the dialog and as a toast; other failures toast 'Failed to delete customer. Please try again.'
 */
export function DeleteCustomerDialog({ slug, customer, onClose }: { slug: string; customer: CustomerListItem | null; onClose: () => void }) {
  const remove = useDeleteCustomer(slug);
  const refused = remove.isError && isApiError(remove.error, 409) ? remove.error.message : null;
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      open={customer !== null}
      onClose={close}
      size="sm"
      title="Delete Customer"
      dismissible={!remove.isPending}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => {
              if (!customer) return;
              remove.mutate(customer.id, {
                onSuccess: () => {
                  toast.success('Customer deleted successfully');
                  close();
                },
                onError: (err) => toast.error(customerFailureMessage(err, 'Failed to delete customer. Please try again.')),
              });
            }}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete Customer
          </Button>
        </>
      }
    >
      {customer && (
        <div className="space-y-4">
          <div className="flex gap-3">
            <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
              <AlertTriangle className="h-5 w-5" />
            </span>
            <p className="text-sm text-slate-700">
              Are you sure you want to delete <span className="font-semibold text-slate-900">{fullName(customer)}</span>? This action cannot be undone.
            </p>
          </div>
          <Alert tone="warning">
            Any cards associated with this customer must be unassigned first.
            {customer.activeCards > 0 && (
              <>
                {' '}
                This customer has <strong>{customer.activeCards}</strong> active {customer.activeCards === 1 ? 'card' : 'cards'}.
              </>
            )}
          </Alert>
          {refused && <Alert tone="error">{refused}</Alert>}
        </div>
      )}
    </Dialog>
  );
}
