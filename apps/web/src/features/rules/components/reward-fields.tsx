import type { ReactNode } from 'react';
import { REWARD_MAX_CENTS, type RewardSettings } from '@loyalty/contract';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Input } from '@/components/ui/input';
import { NumberInput } from '@/components/ui/number-input';
import { ToggleField } from '@/components/ui/toggle-field';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import type { RewardsFormInput } from '../lib/rewards';
import { rulesMessages } from '../messages';

/** The Rewards form, as its sections and fields take it. */
export type RewardsFormApi = UseFormReturn<RewardsFormInput, unknown, RewardSettings>;

/** A field of a Rules & Settings form (`F` its values as typed, `T` what it validates to): the Rewards and the Limits forms. */
interface FieldOf<F extends FieldValues, T> {
  form: UseFormReturn<F, unknown, T>;
  name: Path<F>;
  label: string;
}

/**
 * One reward of the form in its own framed group named `title`: its on/off checkbox
 * (`toggleLabel`) with the line saying how the reward works (`note`), then its fields.
 */
export function RewardSection({
  form,
  reward,
  title,
  toggleLabel,
  note,
  children,
}: {
  form: RewardsFormApi;
  reward: keyof RewardsFormInput;
  title: string;
  toggleLabel: string;
  note: ReactNode;
  children: ReactNode;
}) {
  const name = `${reward}.enabled` as const;
  const enabled = useWatch({ control: form.control, name });
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 px-4 pt-2 pb-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      <ToggleField label={toggleLabel} name={name} checked={enabled} onChange={(on) => form.setValue(name, on, { shouldDirty: true })} note={note} />
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * An amount typed in dollars ('5.00') with a '$' in the box (the form's schema turns it into
 * integer cents); the hint says its largest value, `maxCents` (default a reward's $1,000.00).
 */
export function MoneyField<F extends FieldValues, T>({ form, name, label, maxCents = REWARD_MAX_CENTS }: FieldOf<F, T> & { maxCents?: number }) {
  const t = useMessages(rulesMessages);
  const { error } = form.getFieldState(name, form.formState);
  return (
    <Input
      label={label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      leading="$"
      hint={t('rewardsMoneyHint', { max: formatCents(maxCents) })}
      error={error?.message}
      {...form.register(name)}
    />
  );
}

/** A whole number within the range of its contract `rule` (shown as the hint), with `unit` in the box when given. */
export function CountField<F extends FieldValues, T>({ form, name, label, rule, unit }: FieldOf<F, T> & { rule: z.ZodNumber; unit?: string }) {
  const t = useMessages(rulesMessages);
  const { error } = form.getFieldState(name, form.formState);
  const min = rule.minValue ?? undefined;
  const max = rule.maxValue ?? undefined;
  return (
    <NumberInput
      label={label}
      min={min}
      max={max}
      step={1}
      hint={t('rewardsRangeHint', { min, max })}
      error={error?.message}
      trailing={unit && <span className="pr-2 text-sm text-slate-500">{unit}</span>}
      {...form.register(name, { valueAsNumber: true })}
    />
  );
}
