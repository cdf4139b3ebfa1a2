import { zodResolver } from '@hookform/resolvers/zod';
import { CustomerInput, type CustomerDetail, type CustomerListItem } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';
import { fieldIssues } from '@/lib/api';
import { customerFailureMessage } from '../lib/labels';
import { useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The form's values: four strings, checked with the contract's CustomerInput (first and last name
 * required, e-mail format, phone a telephone number; blank e-mail or phone means none), so the
 * browser and the server give the same messages.
 */
const CustomerFormSchema = z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }).superRefine((v, ctx) => {
  const parsed = CustomerInput.safeParse(v);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
});
type CustomerFormValues = z.infer<typeof CustomerFormSchema>;

/** Who the dialog is for: a new customer, or the customer being edited. */
export type CustomerFormTarget = { mode: 'create' } | { mode: 'edit'; customer: CustomerListItem | CustomerDetail };

/**
 * 'Add New Customer' / 'Edit Customer' modal. Fields First name, Last name, Email (optional), Phone
 * (optional); validated before sending. Success: toast 'Customer created successfully' / 'Customer
 * updated successfully' and close (the form resets as it unmounts); `onSaved` gets the saved
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
                    if ((FIELDS as readonly string[]).includes(issue.field)) {
                      setFieldError(issue.field as Field, issue.message);
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
  onSubmit: (body: CustomerInput, setFieldError: (field: Field, message: string) => void) => void;
}) {
  const t = useMessages(customersMessages);
  const initial = target.mode === 'edit' ? target.customer : null;
  const form = useForm<CustomerFormValues>({
    resolver: zodResolver(CustomerFormSchema),
    defaultValues: {
      firstName: initial?.firstName ?? '',
      lastName: initial?.lastName ?? '',
      email: initial?.email ?? '',
      phone: initial?.phone ?? '',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) =>
    onSubmit(CustomerInput.parse(v), (field, message) => form.setError(field, { type: 'server', message }, { shouldFocus: true })),
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
    </form>
  );
}
