import { useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateTenantRequest, type PlatformTenant } from '@loyalty/contract';
import { Plus } from 'lucide-react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { passwordRule, usePasswordPolicy } from '@/hooks/use-password-policy';
import { isApiError } from '@/lib/api';
import { RichMessage, translate, useMessages } from '@/lib/i18n';
import { useCreatePlatformTenant } from '../../api/tenants';
import { fieldIssues } from '@/lib/api';
import { tenantDialogsMessages } from '../../messages-tenant-dialogs';
import { sanitizeSlug, slugFromName, tenantFailureMessage } from './labels';
import { OwnerAccountFields } from './owner-account-fields';

const FIELDS = ['name', 'slug', 'ownerEmail', 'ownerPassword', 'ownerFirstName', 'ownerLastName'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The form's values: six strings, checked with the contract's CreateTenantRequest so the
 * browser and the server give the same messages (slug 3–40 lowercase letters, digits or
 * hyphens; owner e-mail format; owner names optional), and the owner password against the
 * platform's minimum `minLength` (the contract's 6 is the floor).
 */
const createTenantFormSchema = (minLength: number) =>
  z
    .object({ name: z.string(), slug: z.string(), ownerEmail: z.string(), ownerPassword: z.string(), ownerFirstName: z.string(), ownerLastName: z.string() })
    .superRefine((v, ctx) => {
      const parsed = CreateTenantRequest.safeParse(v);
      const required = translate(tenantDialogsMessages, 'ownerPasswordRequired');
      const policy = passwordRule(minLength, required).safeParse(v.ownerPassword);
      if (!policy.success) ctx.addIssue({ code: 'custom', path: ['ownerPassword'], message: policy.error.issues[0]?.message ?? required });
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'ownerPassword' && !policy.success) continue;
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    });
type CreateTenantFormValues = z.infer<ReturnType<typeof createTenantFormSchema>>;

const EMPTY: CreateTenantFormValues = { name: '', slug: '', ownerEmail: '', ownerPassword: '', ownerFirstName: '', ownerLastName: '' };

/**
 * 'Create New Tenant' dialog. Fields Business name, Slug, Owner email, Owner password, Owner first
 * / last name (optional). Create stays disabled until name, slug, owner e-mail and owner password
 * are filled. The slug is forced to lowercase letters, digits and hyphens as it is typed and is
 * suggested from the name until the operator edits it. Server errors (409 'Slug is already taken',
 * e-mail in use, 400 details) appear in the dialog and on their fields; a failure without a message
 * reads 'Failed to create tenant. Please try again.' Success: toast 'Tenant created successfully',
 * close, and `onCreated` gets the new tenant.
 */
export function CreateTenantDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (tenant: PlatformTenant) => void }) {
  const t = useMessages(tenantDialogsMessages);
  const create = useCreatePlatformTenant();
  const [filled, setFilled] = useState(false);
  const close = () => {
    create.reset();
    setFilled(false);
    onClose();
  };
  const failure = create.isError ? tenantFailureMessage(create.error, t('createFailed')) : null;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('createTitle')}
      description={t('createDescription')}
      pending={create.isPending}
      submitLabel={
        <>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('createSubmit')}
        </>
      }
      submitDisabled={!filled}
    >
      {(formId) =>
        open && (
          <CreateTenantForm
            formId={formId}
            failure={failure}
            onFilledChange={setFilled}
            onSubmit={(body, setFieldError) => {
              create.mutate(body, {
                onSuccess: (tenant) => {
                  toast.success(translate(tenantDialogsMessages, 'createDone'));
                  onCreated?.(tenant);
                  close();
                },
                onError: (err) => {
                  if (isApiError(err, 400) || isApiError(err, 409)) {
                    let marked = false;
                    for (const issue of fieldIssues(err)) {
                      if ((FIELDS as readonly string[]).includes(issue.field)) {
                        setFieldError(issue.field as Field, issue.message);
                        marked = true;
                      }
                    }
                    // A conflict without details still belongs on its field.
                    if (!marked && isApiError(err, 409)) {
                      if (/slug/i.test(err.message)) setFieldError('slug', err.message);
                      else if (/e-?mail/i.test(err.message)) setFieldError('ownerEmail', err.message);
                    }
                  }
                },
              });
            }}
          />
        )
      }
    </FormDialog>
  );
}

function CreateTenantForm({
  formId,
  failure,
  onFilledChange,
  onSubmit,
}: {
  formId: string;
  failure: string | null;
  onFilledChange: (filled: boolean) => void;
  onSubmit: (body: CreateTenantRequest, setFieldError: (field: Field, message: string) => void) => void;
}) {
  const t = useMessages(tenantDialogsMessages);
  const policy = usePasswordPolicy();
  const schema = useMemo(() => createTenantFormSchema(policy.minLength), [policy.minLength]);
  const form = useForm<CreateTenantFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;
  // The slug follows the name until the operator types a slug of their own (an emptied field follows again).
  const slugEdited = useRef(false);

  const reportFilled = () => {
    const v = form.getValues();
    onFilledChange(Boolean(v.name.trim() && v.slug.trim() && v.ownerEmail.trim() && v.ownerPassword));
  };

  const slug = form.watch('slug');
  const nameField = form.register('name');
  const slugField = form.register('slug');
  const submit = form.handleSubmit((v) =>
    onSubmit(CreateTenantRequest.parse(v), (field, message) => form.setError(field, { type: 'server', message }, { shouldFocus: true })),
  );

  return (
    <form id={formId} noValidate onSubmit={submit} onChange={reportFilled} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Input
        label={t('businessName')}
        autoComplete="off"
        required
        placeholder={t('businessNamePlaceholder')}
        error={errors.name?.message}
        {...nameField}
        onChange={(e) => {
          void nameField.onChange(e);
          if (!slugEdited.current) form.setValue('slug', slugFromName(e.target.value), { shouldValidate: form.formState.isSubmitted });
          reportFilled();
        }}
      />
      <Input
        label={t('slug')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        placeholder={t('slugPlaceholder')}
        className="font-mono"
        hint={
          <RichMessage
            catalog={tenantDialogsMessages}
            id="slugHint"
            values={{ slug: slug || '…' }}
            components={{ addr: <span className="font-mono whitespace-nowrap" /> }}
          />
        }
        error={errors.slug?.message}
        {...slugField}
        onChange={(e) => {
          e.target.value = sanitizeSlug(e.target.value);
          slugEdited.current = e.target.value !== '';
          void slugField.onChange(e);
          reportFilled();
        }}
      />
      <OwnerAccountFields {...ownerFieldProps(form)} passwordHint={policy.hint ?? ''} />
    </form>
  );
}

/** The owner account's registered fields and their error texts, as OwnerAccountFields takes them. */
function ownerFieldProps(form: UseFormReturn<CreateTenantFormValues>) {
  const { errors } = form.formState;
  return {
    fields: {
      firstName: form.register('ownerFirstName'),
      lastName: form.register('ownerLastName'),
      email: form.register('ownerEmail'),
      password: form.register('ownerPassword'),
    },
    errors: {
      firstName: errors.ownerFirstName?.message,
      lastName: errors.ownerLastName?.message,
      email: errors.ownerEmail?.message,
      password: errors.ownerPassword?.message,
    },
  };
}
