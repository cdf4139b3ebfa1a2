import type { UseFormReturn } from 'react-hook-form';
import { TierBadge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { NumberInput, PercentInput } from '@/components/ui/number-input';
import { TIER_LABELS } from '@/lib/labels';
import type { TierForm } from '../lib/forms';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/**
 * One tier of the Loyalty Tiers form (a fieldset named after the tier): Name, Minimum spend
 * (whole dollars), Bonus rate (%) and Active, bound to `rules.<index>` of `form`.
 * `onMinSpendChange` runs when the minimum spend changes (clears the last save failure).
 */
export function TierRuleRow({
  form,
  index: i,
  row,
  onMinSpendChange,
}: {
  form: UseFormReturn<TierForm>;
  index: number;
  row: TierForm['rules'][number];
  onMinSpendChange: () => void;
}) {
  const t = useMessages(rulesMessages);
  const errors = form.formState.errors.rules?.[i];
  return (
    <fieldset className="grid grid-cols-2 gap-x-4 gap-y-3 py-4 lg:grid-cols-[7rem_1fr_10rem_9rem_5.5rem]">
      <legend className="sr-only">{TIER_LABELS[row.tier]}</legend>
      <div className="col-span-2 flex items-center lg:col-span-1 lg:self-end lg:pb-2.5" aria-hidden="true">
        <TierBadge tier={row.tier} />
      </div>
      <Input
        label={t('tierName')}
        autoComplete="off"
        wrapperClassName="col-span-2 lg:col-span-1"
        error={errors?.name?.message}
        {...form.register(`rules.${i}.name`)}
      />
      <NumberInput
        label={t('minSpend')}
        min={0}
        step={1}
        leading="$"
        error={errors?.minSpend?.message}
        {...form.register(`rules.${i}.minSpend`, { onChange: onMinSpendChange })}
      />
      <PercentInput label={t('bonusRate')} error={errors?.percent?.message} {...form.register(`rules.${i}.percent`)} />
      <Checkbox
        label={t('active')}
        wrapperClassName="col-span-2 self-end lg:col-span-1 lg:pb-2.5"
        checked={row.isActive}
        onChange={(e) => form.setValue(`rules.${i}.isActive`, e.target.checked, { shouldDirty: true })}
      />
    </fieldset>
  );
}
