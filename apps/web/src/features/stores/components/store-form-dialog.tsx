import { zodResolver } from '@hookform/resolvers/zod';
import {
  DAILY_CAP_RANGE,
  SELF_ENROLMENT_DAILY_CAP_DEFAULT,
  SELF_ENROLMENT_DAILY_CAP_MAX,
  SELF_ENROLMENT_DAILY_CAP_MIN,
  StoreInput,
  type StoreItem,
} from '@loyalty/contract';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ToggleField } from '@/components/ui/toggle-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api';
import { saveErrorMessage, serverFieldErrors } from '@/lib/server-field-errors';
import { useCreateStore } from '../api/create-store';
import { useUpdateStore } from '../api/update-store';

/**
 * The store form (name required, address optional), with the contract's name
 * rule; `selfEnrolment`: the store's 'Join our rewards' page takes sign-ups (ADR 0019), and
 * `selfEnrolmentDailyCap` the cards its sign-ups may make a day (1–1000; ADR 0027).
 */
const StoreFormSchema = z.object({
  name: StoreInput.shape.name,
  address: z.string().trim().max(300, 'Address must be at most 300 characters'),
  active: z.boolean(),
  selfEnrolment: z.boolean(),
  selfEnrolmentDailyCap: z
    .number({ error: DAILY_CAP_RANGE })
    .int(DAILY_CAP_RANGE)
    .min(SELF_ENROLMENT_DAILY_CAP_MIN, DAILY_CAP_RANGE)
    .max(SELF_ENROLMENT_DAILY_CAP_MAX, DAILY_CAP_RANGE),
});
type StoreFormValues = z.infer<typeof StoreFormSchema>;

/** Success toasts and fallback failure texts of the store modal. */
const STORE_MESSAGES = {
  created: 'Store created successfully',
  updated: 'Store updated successfully',
  createFailed: 'Failed to create store. Please try again.',
  updateFailed: 'Failed to update store. Please try again.',
} as const;

/** Label and hint of the self-enrolment setting (off until turned on, ADRs 0019 and 0027). */
export const SELF_ENROLMENT_FIELD = {
  label: 'Online sign-up (Join our rewards page)',
  note: 'Customers can join from the poster’s QR code. Off until you turn it on; when off, the join page is closed.',
  capLabel: 'Online sign-ups per day',
  capHint: 'Cards this store’s join page may give out each day (1 to 1000). The last 10 % of your card quota always stays for the till.',
} as const;

/**
 * 'Create New Store' / 'Edit Store' modal. Create: name, optional address and the online sign-up
 * setting (off by default) with its daily cap (50 by default; ADR 0027). Edit: the same plus the
 * Active toggle. Success: a toast ('Store created successfully' / 'Store updated successfully'),
 * the modal closes and its form resets (it unmounts). Failure: the server's message as a toast
 * (plan store limit reached, duplicate name); a duplicate name is also shown under the name field.
 *
 * `store`: the store to edit, or null to create. `open`: whether the modal shows.
 */
export function StoreFormDialog({ slug, open, store, onClose }: { slug: string; open: boolean; store: StoreItem | null; onClose: () => void }) {
  const create = useCreateStore(slug);
  const update = useUpdateStore(slug);
  const pending = create.isPending || update.isPending;
  const editing = store !== null;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Store' : 'Create New Store'}
      description={editing ? 'Change the store’s name, address or status.' : 'Add a location where your staff serve customers.'}
      pending={pending}
      submitLabel={editing ? 'Save Changes' : 'Create Store'}
    >
      {(formId) => <StoreForm key={store?.id ?? 'new'} formId={formId} store={store} create={create} update={update} onDone={onClose} />}
    </FormDialog>
  );
}

function StoreForm({
  formId,
  store,
  create,
  update,
  onDone,
}: {
  formId: string;
  store: StoreItem | null;
  create: ReturnType<typeof useCreateStore>;
  update: ReturnType<typeof useUpdateStore>;
  onDone: () => void;
}) {
  const form = useForm<StoreFormValues>({
    resolver: zodResolver(StoreFormSchema),
    defaultValues: {
      name: store?.name ?? '',
      address: store?.address ?? '',
      active: store?.active ?? true,
      selfEnrolment: store?.selfEnrolment ?? false,
      selfEnrolmentDailyCap: store?.selfEnrolmentDailyCap ?? SELF_ENROLMENT_DAILY_CAP_DEFAULT,
    },
  });
  const { errors } = form.formState;
  const active = useWatch({ control: form.control, name: 'active' });

  const onSubmit = form.handleSubmit((v) => {
    const address = v.address === '' ? null : v.address;
    const onError = (fallback: string) => (err: unknown) => {
      const message = saveErrorMessage(err, fallback);
      for (const { field, message: text } of serverFieldErrors(err, ['name', 'address', 'active', 'selfEnrolment', 'selfEnrolmentDailyCap'] as const))
        form.setError(field, { message: text });
      if (isApiError(err, 409) && !form.getFieldState('name').error) form.setError('name', { message });
      toast.error(message);
    };
    const done = (message: string) => () => {
      toast.success(message);
      form.reset();
      onDone();
    };
    const signUps = { selfEnrolment: v.selfEnrolment, selfEnrolmentDailyCap: v.selfEnrolmentDailyCap };
    if (store) {
      update.mutate(
        { id: store.id, body: { name: v.name, address, active: v.active, ...signUps } },
        { onSuccess: done(STORE_MESSAGES.updated), onError: onError(STORE_MESSAGES.updateFailed) },
      );
    } else {
      create.mutate({ name: v.name, address, ...signUps }, { onSuccess: done(STORE_MESSAGES.created), onError: onError(STORE_MESSAGES.createFailed) });
    }
  });

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <Input label="Store name" autoComplete="off" placeholder="e.g. Downtown Store" error={errors.name?.message} {...form.register('name')} />
      <Textarea
        label="Address (optional)"
        rows={3}
        autoComplete="off"
        placeholder="Street, city, postcode"
        error={errors.address?.message}
        {...form.register('address')}
      />
      {store && (
        <ToggleField
          label="Active"
          name="active"
          checked={active}
          onChange={(checked) => form.setValue('active', checked, { shouldDirty: true })}
          note="Inactive stores stay listed with their history but are not offered for new cards."
          error={errors.active?.message}
        />
      )}
      <SelfEnrolmentFields form={form} />
    </form>
  );
}

/** The online sign-up switch and, while it is on, the store's daily cap of sign-ups (ADR 0027). */
function SelfEnrolmentFields({ form }: { form: UseFormReturn<StoreFormValues> }) {
  const selfEnrolment = useWatch({ control: form.control, name: 'selfEnrolment' });
  const { errors } = form.formState;
  return (
    <>
      <ToggleField
        label={SELF_ENROLMENT_FIELD.label}
        name="selfEnrolment"
        checked={selfEnrolment}
        onChange={(checked) => form.setValue('selfEnrolment', checked, { shouldDirty: true })}
        note={SELF_ENROLMENT_FIELD.note}
        error={errors.selfEnrolment?.message}
      />
      {selfEnrolment && (
        <Input
          label={SELF_ENROLMENT_FIELD.capLabel}
          type="number"
          inputMode="numeric"
          min={SELF_ENROLMENT_DAILY_CAP_MIN}
          max={SELF_ENROLMENT_DAILY_CAP_MAX}
          step={1}
          hint={SELF_ENROLMENT_FIELD.capHint}
          error={errors.selfEnrolmentDailyCap?.message}
          {...form.register('selfEnrolmentDailyCap', { valueAsNumber: true })}
        />
      )}
    </>
  );
}
