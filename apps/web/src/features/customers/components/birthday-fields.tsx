import { useWatch, type UseFormReturn } from 'react-hook-form';
import { NumberInput } from '@/components/ui/number-input';
import { Select } from '@/components/ui/select';
import { useMessages } from '@/lib/i18n';
import { DAYS, MONTH_KEYS, YEAR_RANGE } from '../lib/birthday';
import type { CustomerFormValues } from '../lib/customer-form';
import { customersMessages } from '../messages';

/**
 * The optional birthday of the customer form (docs/product.md 'Rewards'), a group of its own:
 * Month and Day (native selects, empty for none) and Year (optional).
 */
export function BirthdayFields({ form }: { form: UseFormReturn<CustomerFormValues> }) {
  const t = useMessages(customersMessages);
  const { errors } = form.formState;
  const [month, day] = useWatch({ control: form.control, name: ['month', 'day'] });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{t('formBirthday')}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select label={t('formBirthdayMonth')} error={errors.month?.message} value={month} {...form.register('month')}>
          <option value="">{t('formBirthdayNoMonth')}</option>
          {MONTH_KEYS.map((key, i) => (
            <option key={key} value={String(i + 1)}>
              {t(key)}
            </option>
          ))}
        </Select>
        <Select label={t('formBirthdayDay')} error={errors.day?.message} value={day} {...form.register('day')}>
          <option value="">{t('formBirthdayNoDay')}</option>
          {DAYS.map((d) => (
            <option key={d} value={String(d)}>
              {d}
            </option>
          ))}
        </Select>
        <NumberInput
          label={t('formBirthdayYear')}
          autoComplete="off"
          min={YEAR_RANGE.min}
          max={YEAR_RANGE.max}
          step={1}
          error={errors.year?.message}
          {...form.register('year')}
        />
      </div>
      <p className="text-xs text-slate-500">{t('formBirthdayHint')}</p>
    </fieldset>
  );
}
