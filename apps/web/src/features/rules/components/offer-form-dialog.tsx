import { zodResolver } from '@hookform/resolvers/zod';
import type { Offer } from '@loyalty/contract';
import { percentToBps } from '@loyalty/domain';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { PercentInput } from '@/components/ui/number-input';
import { ToggleField } from '@/components/ui/toggle-field';
import { serverFieldErrors, saveErrorMessage } from '@/lib/server-field-errors';
import { useCreateOffer, useUpdateOffer } from '../api/save-offer';
import { RULES_MESSAGES, bpsToPercentText, localInputToIso, text, toLocalInput } from '../lib/forms';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/** The offer form: name, bonus rate, start and end required (end after start); description optional. */
const OfferFormSchema = z
  .object({
    name: z.string().trim().min(1, text('offerNameRequired')).max(100, text('offerNameTooLong')),
    description: z.string().trim().max(500, text('offerDescriptionTooLong')),
    percent: z
      .string()
      .trim()
      .min(1, text('bonusRequired'))
      .refine((v) => Number.isFinite(Number(v)), text('bonusNumber'))
      .refine((v) => Number(v) >= 0 && Number(v) <= 100, text('rateRange')),
    startAt: z.string().refine((v) => localInputToIso(v) !== null, text('startRequired')),
    endAt: z.string().refine((v) => localInputToIso(v) !== null, text('endRequired')),
    isActive: z.boolean(),
  })
  .refine((v) => !localInputToIso(v.startAt) || !localInputToIso(v.endAt) || Date.parse(localInputToIso(v.endAt)!) > Date.parse(localInputToIso(v.startAt)!), {
    ...text('endAfterStart'),
    path: ['endAt'],
  });
type OfferFormValues = z.infer<typeof OfferFormSchema>;
const SERVER_FIELDS = ['name', 'description', 'rateMultiplierBps', 'startAt', 'endAt', 'isActive'] as const;

/** The form's start values: an existing offer's, else running from this minute for 30 days, 1 %. */
function defaultsOf(offer: Offer | null): OfferFormValues {
  if (offer) {
    return {
      name: offer.name,
      description: offer.description ?? '',
      percent: bpsToPercentText(offer.rateMultiplierBps),
      startAt: toLocalInput(new Date(offer.startAt)),
      endAt: toLocalInput(new Date(offer.endAt)),
      isActive: offer.isActive,
    };
  }
  const start = new Date();
  start.setSeconds(0, 0);
  return {
    name: '',
    description: '',
    percent: '1.0',
    startAt: toLocalInput(start),
    endAt: toLocalInput(new Date(start.getTime() + 30 * 86_400_000)),
    isActive: true,
  };
}

/**
 * 'Create New Offer' / 'Edit Offer' modal: name, description, bonus rate in percent (sent as bps),
 * start and end as date-time pickers in the browser's time zone (sent as full ISO timestamps),
 * Active. Success 'Offer created successfully' / 'Offer updated successfully' and close (the list
 * puts a created offer at the top and an updated one in place); failure the server's text, else
 * 'Failed to save offer. Please try again.' `offer`: the offer to edit, or null to create.
 */
export function OfferFormDialog({ slug, open, offer, onClose }: { slug: string; open: boolean; offer: Offer | null; onClose: () => void }) {
  const create = useCreateOffer(slug);
  const update = useUpdateOffer(slug);
  const pending = create.isPending || update.isPending;
  const t = useMessages(rulesMessages);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={offer ? t('editOffer') : t('createOffer')}
      description={t('offerDescription')}
      pending={pending}
      submitLabel={offer ? t('saveChanges') : t('createOfferSubmit')}
    >
      {(formId) => <OfferForm key={offer?.id ?? 'new'} formId={formId} offer={offer} create={create} update={update} onDone={onClose} />}
    </FormDialog>
  );
}

function OfferForm({
  formId,
  offer,
  create,
  update,
  onDone,
}: {
  formId: string;
  offer: Offer | null;
  create: ReturnType<typeof useCreateOffer>;
  update: ReturnType<typeof useUpdateOffer>;
  onDone: () => void;
}) {
  const form = useForm<OfferFormValues>({ resolver: zodResolver(OfferFormSchema), defaultValues: defaultsOf(offer) });
  const t = useMessages(rulesMessages);
  const { errors } = form.formState;
  const isActive = useWatch({ control: form.control, name: 'isActive' });

  const onSubmit = form.handleSubmit((v) => {
    const body = {
      name: v.name.trim(),
      description: v.description.trim() || null,
      rateMultiplierBps: percentToBps(Number(v.percent)),
      startAt: localInputToIso(v.startAt)!,
      endAt: localInputToIso(v.endAt)!,
      isActive: v.isActive,
    };
    const onError = (err: unknown) => {
      for (const { field, message } of serverFieldErrors(err, SERVER_FIELDS)) form.setError(field === 'rateMultiplierBps' ? 'percent' : field, { message });
      toast.error(saveErrorMessage(err, RULES_MESSAGES.offerFailed));
    };
    const onSuccess = (message: string) => () => {
      toast.success(message);
      onDone();
    };
    if (offer) update.mutate({ id: offer.id, body }, { onSuccess: onSuccess(RULES_MESSAGES.offerUpdated), onError });
    else create.mutate(body, { onSuccess: onSuccess(RULES_MESSAGES.offerCreated), onError });
  });

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <Input label={t('offerName')} autoComplete="off" placeholder={t('offerNamePlaceholder')} error={errors.name?.message} {...form.register('name')} />
      <Textarea label={t('offerDescriptionLabel')} rows={2} maxLength={500} error={errors.description?.message} {...form.register('description')} />
      <PercentInput label={t('bonusRate')} hint={t('offerRateHint')} error={errors.percent?.message} {...form.register('percent')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('startDate')}
          type="datetime-local"
          error={errors.startAt?.message}
          {...form.register('startAt', { onChange: () => form.formState.isSubmitted && void form.trigger('endAt') })}
        />
        <Input label={t('endDate')} type="datetime-local" error={errors.endAt?.message} {...form.register('endAt')} />
      </div>
      <ToggleField
        label={t('active')}
        checked={isActive}
        onChange={(checked) => form.setValue('isActive', checked, { shouldDirty: true })}
        note={t('offerInactiveNote')}
      />
    </form>
  );
}
