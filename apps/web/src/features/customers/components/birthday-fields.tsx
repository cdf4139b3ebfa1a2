import type { UseFormReturn } from 'react-hook-form';
import { BirthdayInputs } from '@/components/birthday-inputs';
import { useMessages } from '@/lib/i18n';
import type { CustomerFormValues } from '../lib/customer-form';
import { customersMessages } from '../messages';

/**
 * The optional birthday of the customer form (docs/product.md 'Rewards'), a group of its own:
 * Month and Day (native selects, empty for none) and Year (optional).
 */
export function BirthdayFields({ form }: { form: UseFormReturn<CustomerFormValues> }) {
  const t = useMessages(customersMessages);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{t('formBirthday')}</legend>
      <BirthdayInputs form={form} noMonth={t('formBirthdayNoMonth')} noDay={t('formBirthdayNoDay')} />
      <p className="text-xs text-slate-500">{t('formBirthdayHint')}</p>
    </fieldset>
  );
}
