import { useState } from 'react';
import type { PlatformTenant } from '@loyalty/contract';
import { Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { Input } from '@/components/ui/input';
import { useDeletePlatformTenant } from '../../api/tenants';
import { tenantFailureMessage } from './labels';

/**
 * 'Delete Tenant' confirmation (delete works, confirmed by typing the tenant's slug). Says that the
 * tenant and all its data (stores, staff, customers, cards, transactions, billing records) are
 * removed and that this cannot be undone; Delete Tenant enables only once the slug is typed
 * exactly, and sends `{ confirmSlug }`. Success: toast 'Tenant deleted successfully' and close.
 * Failure: the server's message, else 'Failed to delete tenant. Please try again.', in the dialog.
 */
export function DeleteTenantDialog({
  tenant,
  onClose,
  onDeleted,
}: {
  tenant: PlatformTenant | null;
  onClose: () => void;
  onDeleted?: (tenant: PlatformTenant) => void;
}) {
  const remove = useDeletePlatformTenant();
  const [typed, setTyped] = useState('');
  const close = () => {
    remove.reset();
    setTyped('');
    onClose();
  };
  const matches = tenant !== null && typed === tenant.slug;
  const failure = remove.isError ? tenantFailureMessage(remove.error, 'Failed to delete tenant. Please try again.') : null;
  const confirm = () => {
    if (!tenant || !matches) return;
    remove.mutate(
      { id: tenant.id, slug: tenant.slug },
      {
        onSuccess: () => {
          toast.success('Tenant deleted successfully');
          onDeleted?.(tenant);
          close();
        },
      },
    );
  };
  return (
    <ActionConfirmDialog
      open={tenant !== null}
      onClose={close}
      title="Delete Tenant"
      pending={remove.isPending}
      confirmDisabled={!matches}
      onConfirm={confirm}
      icon={Trash2}
      confirmLabel="Delete Tenant"
      error={failure}
    >
      {tenant && (
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          <p>
            This permanently deletes <span className="font-semibold text-slate-900">{tenant.name}</span> and all its data: stores, staff and owner accounts,
            customers, cards, transactions and billing records. <strong className="text-red-700">This action cannot be undone.</strong>
          </p>
          <Input
            label={
              <>
                Type <span className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-900">{tenant.slug}</span> to confirm
              </>
            }
            aria-label={`Type ${tenant.slug} to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            className="font-mono"
            disabled={remove.isPending}
          />
        </form>
      )}
    </ActionConfirmDialog>
  );
}
