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
import { translate, useMessages } from '@/lib/i18n';
import { storesMessages } from '../messages';

/**
 * The store form (name required, address optional), with the contract's name
 * rule; `selfEnrolment`: the store's 'Join our rewards' page takes sign-ups (ADR 0019), and
 * `selfEnrolmentDailyCap` the cards its sign-ups may make a day (1–1000; ADR 0027).
 */
const StoreFormSchema = z.object({
  name: StoreInput.shape.name,
  address: z.string().trim().max(300, translate(storesMessages, 'addressTooLong')),
  active: z.boolean(),
  selfEnrolment: z.boolean(),
  selfEnrolmentDailyCap: z
    .number({ error: DAILY_CAP_RANGE })
    .int(DAILY_CAP_RANGE)
    .min(SELF_ENROLMENT_DAILY_CAP_MIN, DAILY_CAP_RANGE)
    .max(SELF_ENROLMENT_DAILY_CAP_MAX, DAILY_CAP_RANGE),
});
type StoreFormValues = z.infer<typeof StoreFormSchema>;

/** Label and hint of the self-enrolment setting (off until turned on, ADRs 0019 and 0027), in the language at the time of the read. */
export const SELF_ENROLMENT_FIELD = {
  get label(): string {
    return translate(storesMessages, 'selfEnrolmentLabel');
  },
  get capLabel(): string {
    return translate(storesMessages, 'capLabel');
  },
};

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
  const t = useMessages(storesMessages);
  const create = useCreateStore(slug);
  const update = useUpdateStore(slug);
  const pending = create.isPending || update.isPending;
  const editing = store !== null;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? t('editTitle') : t('createTitle')}
      description={editing ? t('editDescription') : t('createDescription')}
      pending={pending}
      submitLabel={editing ? t('saveChanges') : t('createStore')}
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
  const t = useMessages(storesMessages);
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
        { onSuccess: done(t('storeUpdated')), onError: onError(t('updateFailed')) },
      );
    } else {
      create.mutate({ name: v.name, address, ...signUps }, { onSuccess: done(t('storeCreated')), onError: onError(t('createFailed')) });
    }
  });

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <Input label={t('nameLabel')} autoComplete="off" placeholder={t('namePlaceholder')} error={errors.name?.message} {...form.register('name')} />
      <Textarea
        label={t('addressLabel')}
        rows={3}
        autoComplete="off"
        placeholder={t('addressPlaceholder')}
        error={errors.address?.message}
        {...form.register('address')}
      />
      {store && (
        <ToggleField
          label={t('activeLabel')}
          name="active"
          checked={active}
          onChange={(checked) => form.setValue('active', checked, { shouldDirty: true })}
          note={t('activeNote')}
          error={errors.active?.message}
        />
      )}
      <SelfEnrolmentFields form={form} />
    </form>
  );
}

/** The online sign-up switch and, while it is on, the store's daily cap of sign-ups (ADR 0027). */
function SelfEnrolmentFields({ form }: { form: UseFormReturn<StoreFormValues> }) {
  const t = useMessages(storesMessages);
  const selfEnrolment = useWatch({ control: form.control, name: 'selfEnrolment' });
  const { errors } = form.formState;
  return (
    <>
      <ToggleField
        label={t('selfEnrolmentLabel')}
        name="selfEnrolment"
        checked={selfEnrolment}
        onChange={(checked) => form.setValue('selfEnrolment', checked, { shouldDirty: true })}
        note={t('selfEnrolmentNote')}
        error={errors.selfEnrolment?.message}
      />
      {selfEnrolment && (
        <Input
          label={t('capLabel')}
          type="number"
          inputMode="numeric"
          min={SELF_ENROLMENT_DAILY_CAP_MIN}
          max={SELF_ENROLMENT_DAILY_CAP_MAX}
          step={1}
          hint={t('capHint')}
          error={errors.selfEnrolmentDailyCap?.message}
          {...form.register('selfEnrolmentDailyCap', { valueAsNumber: true })}
        />
      )}
    </>
  );
}
