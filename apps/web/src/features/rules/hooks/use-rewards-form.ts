import { zodResolver } from '@hookform/resolvers/zod';
import type { RewardSettings } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { translate } from '@/lib/i18n';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useSaveRewardSettings } from '../api/rewards';
import { rewardsFieldErrors, rewardsFormSchema, toRewardsForm, type RewardsFormInput } from '../lib/rewards';
import { rulesMessages } from '../messages';

/**
 * The Rewards form's state and save (docs/product.md 'Rewards'): the form starts at the stored
 * settings. `card` is what RulesFormCard takes: its `onSubmit` validates (amounts in dollars, sent
 * in cents) and sends the PUT; on success the form resets to the saved settings and 'Reward
 * settings saved successfully' is toasted; on failure the server's text is toasted (else 'Failed
 * to save reward settings. Please try again.') and its field messages go under their fields.
 */
export function useRewardsForm(slug: string, settings: RewardSettings) {
  const save = useSaveRewardSettings(slug);
  const form = useForm<RewardsFormInput, unknown, RewardSettings>({ resolver: zodResolver(rewardsFormSchema()), defaultValues: toRewardsForm(settings) });

  const onSubmit = form.handleSubmit((body) => {
    save.mutate(body, {
      onSuccess: (stored) => {
        form.reset(toRewardsForm(stored));
        toast.success(translate(rulesMessages, 'rewardsSaved'));
      },
      onError: (err) => {
        rewardsFieldErrors(err).forEach(({ field, message }, i) => form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 }));
        toast.error(saveErrorMessage(err, translate(rulesMessages, 'rewardsFailed')));
      },
    });
  });

  return { form, card: { onSubmit, dirty: form.formState.isDirty, pending: save.isPending, onDiscard: () => form.reset() } };
}
