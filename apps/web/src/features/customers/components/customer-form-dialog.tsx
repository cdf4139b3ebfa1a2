import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomerDetail, CustomerInput, CustomerListItem } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';
import { fieldIssues } from '@/lib/api';
import { CustomerFormSchema, formFieldOf, toCustomerBody, toCustomerFormValues, type CustomerFormField, type CustomerFormValues } from '../lib/customer-form';
import { customerFailureMessage } from '../lib/labels';
import { useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';
import { BirthdayFields } from './birthday-fields';

/** Who the dialog is for: a new customer, or the customer being edited. */
export type CustomerFormTarget = { mode: 'create' } | { mode: 'edit'; customer: CustomerListItem | CustomerDetail };

/**
 * 'Add New Customer' / 'Edit Customer' modal. Fields First name, Last name, Email (optional), Phone
 * (optional), Birthday (optional: month, day, year optional; sent as `birthday`, null when cleared
 * on edit, left out when empty on create); validated before sending. Success: toast 'Customer
 * created successfully' / 'Customer updated successfully' and close (the form resets as it unmounts); `onSaved` gets the saved
 * customer. Failure: a 409 duplicate e-mail ('A customer with this email already exists') or a 400
 * is shown on its field and as a toast; anything else toasts 'Failed to create customer. Please try
 * again.' / 'Failed to update customer. Please try again.' and keeps the form open.
 */
export function CustomerFormDialog({
  slug,
  target,
  onClose,
  onSaved,
}: {
  slug: string;
  target: CustomerFormTarget | null;
  onClose: () => void;
  onSaved?: (customer: CustomerDetail) => void;
}) {
  const t = useMessages(customersMessages);
  const create = useCreateCustomer(slug);
  const update = useUpdateCustomer(slug);
  const editing = target?.mode === 'edit';
  const pending = create.isPending || update.isPending;
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      title={editing ? t('formEditTitle') : t('formAddTitle')}
      description={editing ? t('formEditDescription') : t('formAddDescription')}
      pending={pending}
      submitLabel={editing ? t('formSave') : t('formAdd')}
    >
      {(formId) =>
        target && (
          <CustomerForm
            key={target.mode === 'edit' ? target.customer.id : 'new'}
            formId={formId}
            target={target}
            onSubmit={(body, setFieldError) => {
              const fallback = target.mode === 'edit' ? t('formUpdateFailed') : t('formCreateFailed');
              const onError = (err: unknown) => {
                let marked = false;
                if (isApiError(err, 400) || isApiError(err, 409)) {
                  for (const issue of fieldIssues(err)) {
                    const field = formFieldOf(issue.field);
                    if (field) {
                      setFieldError(field, issue.message);
                      marked = true;
                    }
                  }
                  // A duplicate e-mail without details still belongs on the e-mail field.
                  if (!marked && isApiError(err, 409) && /email/i.test(err.message)) setFieldError('email', err.message);
                }
                toast.error(customerFailureMessage(err, fallback));
              };
              const onSuccess = (customer: CustomerDetail) => {
                toast.success(target.mode === 'edit' ? t('formUpdated') : t('formCreated'));
                onSaved?.(customer);
                onClose();
              };
              if (target.mode === 'edit') update.mutate({ id: target.customer.id, body }, { onSuccess, onError });
              else create.mutate(body, { onSuccess, onError });
            }}
          />
        )
      }
    </FormDialog>
  );
}

function CustomerForm({
  formId,
  target,
  onSubmit,
}: {
  formId: string;
  target: CustomerFormTarget;
  onSubmit: (body: CustomerInput, setFieldError: (field: CustomerFormField, message: string) => void) => void;
}) {
  const t = useMessages(customersMessages);
  const editing = target.mode === 'edit';
  const form = useForm<CustomerFormValues>({
    resolver: zodResolver(CustomerFormSchema),
    defaultValues: toCustomerFormValues(target.mode === 'edit' ? target.customer : null),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) =>
    onSubmit(toCustomerBody(v, editing), (field, message) => form.setError(field, { type: 'server', message }, { shouldFocus: true })),
  );
  return (
    <form id={formId} noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('formFirstName')} autoComplete="off" required error={errors.firstName?.message} {...form.register('firstName')} />
        <Input label={t('formLastName')} autoComplete="off" required error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <Input
        label={t('formEmail')}
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder={t('formEmailPlaceholder')}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Input
        label={t('formPhone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="+1 555 0100"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <BirthdayFields form={form} />
    </form>
  );
}
