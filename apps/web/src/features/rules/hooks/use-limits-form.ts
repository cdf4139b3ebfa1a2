import { zodResolver } from '@hookform/resolvers/zod';
import type { LimitSettings } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { translate } from '@/lib/i18n';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useSaveLimitSettings } from '../api/limits';
import { limitsFieldErrors, limitsFormSchema, toLimitsForm, type LimitsFormInput } from '../lib/limits';
import { limitsMessages } from '../messages-limits';

/**
 * The Limits form's state and save (docs/product.md 'Velocity limits'): the form starts at the
 * stored LimitSettings (amounts shown in dollars). `card` is what RulesFormCard takes: its
 * `onSubmit` validates (the count 1–1000; amounts in dollars, $0.01–$1,000,000.00, sent as integer
 * cents) and sends the PUT; on success the form resets to the saved settings and 'Limits saved' is
 * toasted; on failure the server's text is toasted (else 'Failed to save limits. Please try
 * again.') and its 400 field messages ('body.cardEarnsPerDay.count') go under their fields.
 */
export function useLimitsForm(slug: string, settings: LimitSettings) {
  const save = useSaveLimitSettings(slug);
  const form = useForm<LimitsFormInput, unknown, LimitSettings>({ resolver: zodResolver(limitsFormSchema()), defaultValues: toLimitsForm(settings) });

  const onSubmit = form.handleSubmit((body) => {
    save.mutate(body, {
      onSuccess: (stored) => {
        form.reset(toLimitsForm(stored));
        toast.success(translate(limitsMessages, 'saved'));
      },
      onError: (err) => {
        limitsFieldErrors(err).forEach(({ field, message }, i) => form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 }));
        toast.error(saveErrorMessage(err, translate(limitsMessages, 'failed')));
      },
    });
  });

  return { form, card: { onSubmit, dirty: form.formState.isDirty, pending: save.isPending, onDiscard: () => form.reset() } };
}
