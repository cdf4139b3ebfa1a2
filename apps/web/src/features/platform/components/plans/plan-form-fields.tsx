import { Plus, X } from 'lucide-react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ToggleField } from '@/components/ui/toggle-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useMessages } from '@/lib/i18n';
import { PERIOD_LABELS, PERIOD_NAMES } from '@/lib/labels';
import { plansMessages } from '../../messages-plans';
import { LIMIT_FIELDS, type PlanFormValues } from './plan-form';

/** The plan form as the field groups get it. */
type PlanFormProps = { form: UseFormReturn<PlanFormValues> };

/**
 * Plan name, Stripe price ID (optional), Description, Monthly price ($) (hint names the period
 * suffix, e.g. '/month') and Billing period of the plan form.
 */
export function PlanBasicsFields({ form }: PlanFormProps) {
  const t = useMessages(plansMessages);
  const { errors } = form.formState;
  const period = useWatch({ control: form.control, name: 'billingPeriod' });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('planName')} autoComplete="off" placeholder={t('planNamePlaceholder')} error={errors.name?.message} {...form.register('name')} />
        <Input
          label={t('stripePriceId')}
          autoComplete="off"
          placeholder={t('stripePriceIdPlaceholder')}
          error={errors.stripePriceId?.message}
          {...form.register('stripePriceId')}
        />
      </div>
      <Textarea label={t('description')} rows={2} maxLength={500} error={errors.description?.message} {...form.register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('monthlyPrice')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          leading="$"
          hint={t('monthlyPriceHint', { period: PERIOD_LABELS[period] ?? t('perMonthSuffix') })}
          error={errors.price?.message}
          {...form.register('price')}
        />
        <Select label={t('billingPeriod')} error={errors.billingPeriod?.message} {...form.register('billingPeriod')}>
          {(Object.keys(PERIOD_NAMES) as Array<keyof typeof PERIOD_NAMES>).map((p) => (
            <option key={p} value={p}>
              {PERIOD_NAMES[p]}
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}

/** The 'Limits' fieldset: one number input per limit of `LIMIT_FIELDS` (empty or 0 → Unlimited). */
export function PlanLimitsFieldset({ form }: PlanFormProps) {
  const t = useMessages(plansMessages);
  const { errors } = form.formState;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{t('limitsLegend')}</legend>
      <p className="mt-0.5 text-xs text-slate-500">{t('limitsHint')}</p>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {LIMIT_FIELDS.map(({ key, labelKey }) => (
          <Input
            key={key}
            label={t(labelKey)}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={t('unlimited')}
            error={errors.limits?.[key]?.message}
            {...form.register(`limits.${key}`)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The 'Features' fieldset: one row per feature ('Feature <n>', 'Remove feature <n>'; the last
 * row cannot be removed) and 'Add Feature' (at most 50 rows).
 */
export function PlanFeaturesFieldset({ form }: PlanFormProps) {
  const t = useMessages(plansMessages);
  const { errors } = form.formState;
  const features = useFieldArray({ control: form.control, name: 'features' });
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{t('featuresLegend')}</legend>
      <p className="mt-0.5 text-xs text-slate-500">{t('featuresHint')}</p>
      <ul className="mt-2 space-y-2">
        {features.fields.map((field, i) => (
          <li key={field.id} className="flex items-start gap-2">
            <Input
              label={t('featureN', { n: i + 1 })}
              hideLabel
              wrapperClassName="flex-1"
              autoComplete="off"
              placeholder={t('featurePlaceholder')}
              error={errors.features?.[i]?.value?.message}
              {...form.register(`features.${i}.value`)}
            />
            <Button
              variant="ghost"
              className="h-10 w-10 shrink-0 px-0"
              onClick={() => features.remove(i)}
              disabled={features.fields.length <= 1}
              aria-label={t('removeFeatureN', { n: i + 1 })}
            >
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        onClick={() => features.append({ value: '' }, { shouldFocus: true })}
        disabled={features.fields.length >= 50}
      >
        <Plus className="h-4 w-4" aria-hidden /> {t('addFeature')}
      </Button>
    </fieldset>
  );
}

/** The 'Active' checkbox: only active plans are offered to tenants on Billing → Plans. */
export function PlanActiveField({ form }: PlanFormProps) {
  const t = useMessages(plansMessages);
  const isActive = useWatch({ control: form.control, name: 'isActive' });
  return (
    <ToggleField
      label={t('activeLabel')}
      checked={isActive}
      onChange={(checked) => form.setValue('isActive', checked, { shouldDirty: true })}
      note={t('activeNote')}
    />
  );
}
