import type { UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Tabs } from '@/components/ui/tabs';
import type { AssignFormValues, AssignMode } from '../hooks/use-assign-card-form';
import { ExistingCustomerPicker } from './existing-customer-picker';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** The new customer's fields (first and last name required, e-mail and phone optional). */
function NewCustomerFields({ form }: { form: UseFormReturn<AssignFormValues> }) {
  const t = useMessages(cardsMessages);
  const { register } = form;
  const { errors } = form.formState;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('firstName')} autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
        <Input label={t('lastName')} autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <Input label={t('emailOptional')} type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <Input label={t('phoneOptional')} type="tel" autoComplete="off" error={errors.phone?.message} {...register('phone')} />
    </div>
  );
}

/**
 * The customer part of 'Assign Card': 'Existing customer' / 'New customer' tabs for admins (the
 * picker offers to switch to a new customer); cashiers get the new customer's fields only.
 */
export function AssignCustomerFields({
  slug,
  form,
  canPickExisting,
  mode,
  customerId,
}: {
  slug: string;
  form: UseFormReturn<AssignFormValues>;
  canPickExisting: boolean;
  mode: AssignMode;
  customerId: string;
}) {
  const t = useMessages(cardsMessages);
  const modes = [
    { value: 'existing', label: t('modeExisting') },
    { value: 'new', label: t('modeNew') },
  ] as const;
  const switchTo = (m: AssignMode) => {
    form.setValue('mode', m);
    form.clearErrors();
  };
  if (!canPickExisting)
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{t('newCustomerOnly')}</p>
        <NewCustomerFields form={form} />
      </div>
    );
  return (
    <Tabs label={t('assignCustomer')} items={modes} value={mode} onChange={switchTo}>
      {mode === 'existing' ? (
        <ExistingCustomerPicker
          slug={slug}
          value={customerId}
          onChange={(id) => form.setValue('customerId', id, { shouldValidate: form.formState.isSubmitted })}
          error={form.formState.errors.customerId?.message}
          onCreateNew={() => switchTo('new')}
        />
      ) : (
        <NewCustomerFields form={form} />
      )}
    </Tabs>
  );
}
