import { useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { NumberInput } from '@/components/ui/number-input';
import { Select } from '@/components/ui/select';
import { birthdayMessages, DAYS, MONTH_KEYS, YEAR_RANGE, type BirthdayField, type BirthdayFields } from '@/lib/birthday';
import { defineMessages, useMessages } from '@/lib/i18n';

/** The labels of the birthday inputs (ADR 0042). */
const birthdayInputsMessages = defineMessages('components.birthdayInputs', {
  month: 'Month',
  day: 'Day',
  year: 'Year (optional)',
});

/**
 * A birthday's inputs in a row of three (docs/product.md 'Rewards'): Month and Day (native selects
 * whose empty option reads `noMonth` / `noDay`) and Year (optional, the contract's range), bound to
 * the `month`, `day` and `year` fields of a react-hook-form form, each with its error. `own` when
 * the person types their own birthday: the browser may then fill it in (autocomplete bday-*);
 * otherwise the year is not autocompleted.
 */
export function BirthdayInputs<T extends BirthdayFields, TOut>({
  form,
  noMonth,
  noDay,
  own = false,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  noMonth: string;
  noDay: string;
  own?: boolean;
}) {
  const t = useMessages(birthdayInputsMessages);
  const months = useMessages(birthdayMessages);
  const name = (field: BirthdayField) => field as Path<T>;
  const errorOf = (field: BirthdayField) => form.getFieldState(name(field), form.formState).error?.message;
  const [month, day] = useWatch({ control: form.control, name: [name('month'), name('day')] }) as [string, string];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Select label={t('month')} autoComplete={own ? 'bday-month' : undefined} error={errorOf('month')} value={month} {...form.register(name('month'))}>
        <option value="">{noMonth}</option>
        {MONTH_KEYS.map((key, i) => (
          <option key={key} value={String(i + 1)}>
            {months(key)}
          </option>
        ))}
      </Select>
      <Select label={t('day')} autoComplete={own ? 'bday-day' : undefined} error={errorOf('day')} value={day} {...form.register(name('day'))}>
        <option value="">{noDay}</option>
        {DAYS.map((d) => (
          <option key={d} value={String(d)}>
            {d}
          </option>
        ))}
      </Select>
      <NumberInput
        label={t('year')}
        autoComplete={own ? 'bday-year' : 'off'}
        min={YEAR_RANGE.min}
        max={YEAR_RANGE.max}
        step={1}
        error={errorOf('year')}
        {...form.register(name('year'))}
      />
    </div>
  );
}
