import { zodResolver } from '@hookform/resolvers/zod';
import type { OfflineSettings } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { translate } from '@/lib/i18n';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useSaveOfflineSettings } from '../api/offline';
import { offlineFieldErrors, offlineFormSchema, toOfflineForm, type OfflineFormInput } from '../lib/offline';
import { offlineMessages } from '../messages-offline';

/**
 * The Offline form's state and save (docs/product.md 'Offline till'): the form starts at the stored
 * OfflineSettings (caps shown in dollars). `card` is what RulesFormCard takes: its `onSubmit`
 * validates (caps in dollars, $0.01–$1,000.00, sent as integer cents) and sends the PUT; on success
 * the form resets to the saved settings and 'Offline settings saved' is toasted; on failure the
 * server's text is toasted (else 'Failed to save offline settings. Please try again.') and its 400
 * field messages ('body.redemptions.maxPerTransactionCents') go under their fields.
 */
export function useOfflineForm(slug: string, settings: OfflineSettings) {
  const save = useSaveOfflineSettings(slug);
  const form = useForm<OfflineFormInput, unknown, OfflineSettings>({ resolver: zodResolver(offlineFormSchema()), defaultValues: toOfflineForm(settings) });

  const onSubmit = form.handleSubmit((body) => {
    save.mutate(body, {
      onSuccess: (stored) => {
        form.reset(toOfflineForm(stored));
        toast.success(translate(offlineMessages, 'saved'));
      },
      onError: (err) => {
        offlineFieldErrors(err).forEach(({ field, message }, i) => form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 }));
        toast.error(saveErrorMessage(err, translate(offlineMessages, 'failed')));
      },
    });
  });

  return { form, card: { onSubmit, dirty: form.formState.isDirty, pending: save.isPending, onDiscard: () => form.reset() } };
}
