import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useSaveTierRules } from '../api/save-rules';
import { RULES_MESSAGES, tierBody, toTierForm, type TierForm } from '../lib/forms';

/**
 * Save of the Loyalty Tiers form: sends `tierBody` (spend in cents, bonus in
 * bps) with PUT tier rules. Success: the form resets to the stored rules, toast 'Tier rules saved
 * successfully', plus '<n> customer(s) moved to a new tier' when the server re-tiered anyone.
 * Failure: the server's text (e.g. 'Tier thresholds must increase: SILVER < GOLD < PLATINUM'),
 * else 'Failed to save tier rules. Please try again.', as a toast and as `failure` (shown above
 * Save until `clearFailure()`, a new submit or a discard).
 */
export function useTierRulesSubmit(slug: string, form: UseFormReturn<TierForm>) {
  const save = useSaveTierRules(slug);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(tierBody(values), {
      onSuccess: (data) => {
        form.reset(toTierForm(data.rules));
        const moved = data.customersRetiered ?? 0;
        toast.success(RULES_MESSAGES.tiersSaved);
        if (moved > 0) toast.info(`${moved} ${moved === 1 ? 'customer' : 'customers'} moved to a new tier`);
      },
      onError: (err) => {
        const message = saveErrorMessage(err, RULES_MESSAGES.tiersFailed);
        setFailure(message);
        toast.error(message);
      },
    });
  });

  return { save, onSubmit, failure, clearFailure: () => setFailure(null) };
}
