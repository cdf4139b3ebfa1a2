import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateTenantRequest, type PlatformTenant } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isApiError } from '@/lib/api';
import { translate, useMessages } from '@/lib/i18n';
import { useUpdatePlatformTenant } from '../../api/tenants';
import { fieldIssues } from '@/lib/api';
import { tenantDialogsMessages } from '../../messages-tenant-dialogs';
import { STATUS_OPTIONS, tenantFailureMessage } from './labels';

type EditValues = UpdateTenantRequest;

/**
 * 'Edit Tenant' dialog (the operator may set any status freely): Business name and Subscription
 * status (the five statuses). Success: toast 'Tenant updated successfully' and close. Failure: the
 * server's message, else 'Failed to update tenant. Please try again.', in the dialog (which stays
 * open).
 */
export function EditTenantDialog({ tenant, onClose }: { tenant: PlatformTenant | null; onClose: () => void }) {
  const t = useMessages(tenantDialogsMessages);
  const update = useUpdatePlatformTenant();
  const close = () => {
    update.reset();
    onClose();
  };
  const failure = update.isError ? tenantFailureMessage(update.error, t('editFailed')) : null;
  return (
    <FormDialog
      open={tenant !== null}
      onClose={close}
      title={t('editTitle')}
      description={tenant ? <span className="font-mono">{tenant.slug}</span> : undefined}
      pending={update.isPending}
      submitLabel={t('editSave')}
    >
      {(formId) =>
        tenant && (
          <EditTenantForm
            key={tenant.id}
            formId={formId}
            tenant={tenant}
            failure={failure}
            onSubmit={(body, setFieldError) =>
              update.mutate(
                { id: tenant.id, body },
                {
                  onSuccess: () => {
                    toast.success(translate(tenantDialogsMessages, 'editDone'));
                    close();
                  },
                  onError: (err) => {
                    if (!isApiError(err, 400)) return;
                    for (const issue of fieldIssues(err)) {
                      if (issue.field === 'name' || issue.field === 'subscriptionStatus') setFieldError(issue.field, issue.message);
                    }
                  },
                },
              )
            }
          />
        )
      }
    </FormDialog>
  );
}

function EditTenantForm({
  formId,
  tenant,
  failure,
  onSubmit,
}: {
  formId: string;
  tenant: PlatformTenant;
  failure: string | null;
  onSubmit: (body: UpdateTenantRequest, setFieldError: (field: keyof EditValues, message: string) => void) => void;
}) {
  const t = useMessages(tenantDialogsMessages);
  const form = useForm<EditValues>({
    resolver: zodResolver(UpdateTenantRequest),
    defaultValues: { name: tenant.name, subscriptionStatus: tenant.subscriptionStatus },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) => onSubmit(v, (field, message) => form.setError(field, { type: 'server', message }, { shouldFocus: true })));
  return (
    <form id={formId} noValidate onSubmit={submit} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Input label={t('businessName')} autoComplete="off" required error={errors.name?.message} {...form.register('name')} />
      <Select label={t('subscriptionStatus')} error={errors.subscriptionStatus?.message} {...form.register('subscriptionStatus')}>
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </form>
  );
}
