import { useState } from 'react';
import type { PlatformTenant } from '@loyalty/contract';
import { Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { Input } from '@/components/ui/input';
import { RichMessage, translate, useMessages } from '@/lib/i18n';
import { useDeletePlatformTenant } from '../../api/tenants';
import { tenantDialogsMessages } from '../../messages-tenant-dialogs';
import { tenantFailureMessage } from './labels';

/** The elements inside the dialog's texts: the tenant's name, the warning, the slug to type. */
const WARNING_PARTS = { name: <span className="font-semibold text-slate-900" />, warn: <strong className="text-red-700" /> };
const SLUG_PART = { slug: <span className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-900" /> };

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
  const t = useMessages(tenantDialogsMessages);
  const remove = useDeletePlatformTenant();
  const [typed, setTyped] = useState('');
  const close = () => {
    remove.reset();
    setTyped('');
    onClose();
  };
  const matches = tenant !== null && typed === tenant.slug;
  const failure = remove.isError ? tenantFailureMessage(remove.error, t('deleteFailed')) : null;
  const confirm = () => {
    if (!tenant || !matches) return;
    remove.mutate(
      { id: tenant.id, slug: tenant.slug },
      {
        onSuccess: () => {
          toast.success(translate(tenantDialogsMessages, 'deleteDone'));
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
      title={t('deleteTitle')}
      pending={remove.isPending}
      confirmDisabled={!matches}
      onConfirm={confirm}
      icon={Trash2}
      confirmLabel={t('deleteConfirm')}
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
            <RichMessage catalog={tenantDialogsMessages} id="deleteWarning" values={{ name: tenant.name }} components={WARNING_PARTS} />
          </p>
          <Input
            label={<RichMessage catalog={tenantDialogsMessages} id="deleteTypeSlug" values={{ slug: tenant.slug }} components={SLUG_PART} />}
            aria-label={t('deleteTypeSlugLabel', { slug: tenant.slug })}
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
