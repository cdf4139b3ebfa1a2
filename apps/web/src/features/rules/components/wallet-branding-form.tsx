import type { FormEventHandler } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useMessages } from '@/lib/i18n';
import { toHex, type WalletColourField, type WalletContrastProblem, type WalletForm } from '../lib/wallet';
import { rulesMessages } from '../messages';
import { RulesFormCard } from './rules-form-parts';

/** The colour fields in order, with the key of their label. */
const COLOURS = [
  { field: 'backgroundColor', labelKey: 'walletBackground' },
  { field: 'foregroundColor', labelKey: 'walletForeground' },
  { field: 'labelColor', labelKey: 'walletLabelColour' },
] as const satisfies readonly { field: WalletColourField; labelKey: string }[];

/** What the card's submit needs (useWalletForm's `card`). */
interface WalletFormCard {
  onSubmit: FormEventHandler<HTMLFormElement>;
  dirty: boolean;
  pending: boolean;
  onDiscard: () => void;
}

/**
 * The wallet look's form (docs/product.md 'Wallet passes'): Programme name (the business's name as
 * its placeholder: empty shows it), Background, Text and Label colour (each a colour picker and a
 * hex field), Terms (optional), 'Save Wallet Pass'. A colour's format error, else its live
 * contrast problem, shows under it.
 */
export function WalletBrandingForm({
  form,
  problems,
  card,
  businessName,
}: {
  form: UseFormReturn<WalletForm>;
  problems: WalletContrastProblem[];
  card: WalletFormCard;
  businessName: string;
}) {
  const t = useMessages(rulesMessages);
  const { errors } = form.formState;
  return (
    <RulesFormCard label={t('walletLabel')} title={t('walletTitle')} description={t('walletDescription')} saveLabel={t('walletSave')} {...card}>
      <Input
        label={t('walletProgramName')}
        placeholder={businessName}
        hint={t('walletProgramNameHint')}
        maxLength={60}
        autoComplete="off"
        error={errors.programName?.message}
        {...form.register('programName')}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">{t('walletColours')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {COLOURS.map(({ field, labelKey }) => (
            <ColourField
              key={field}
              form={form}
              field={field}
              label={t(labelKey)}
              error={errors[field]?.message ?? problems.find((p) => p.field === field)?.message}
            />
          ))}
        </div>
      </fieldset>
      <Textarea label={t('walletTerms')} hint={t('walletTermsHint')} rows={4} maxLength={2000} error={errors.terms?.message} {...form.register('terms')} />
      <Alert tone="info">{t('walletChangeNote')}</Alert>
    </RulesFormCard>
  );
}

/**
 * One colour of the pass: the hex field (`label`) with a native colour picker ('{label} picker')
 * inside its box; either sets the other.
 */
function ColourField({ form, field, label, error }: { form: UseFormReturn<WalletForm>; field: WalletColourField; label: string; error?: string }) {
  const t = useMessages(rulesMessages);
  const value = useWatch({ control: form.control, name: field });
  const picker = (
    <input
      type="color"
      aria-label={t('walletPick', { name: label })}
      value={toHex(value) ?? '#000000'}
      onChange={(e) => form.setValue(field, e.target.value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
      className="h-7 w-8 cursor-pointer rounded border border-slate-300 bg-white p-0.5 focus-visible:outline-2 focus-visible:outline-indigo-600"
    />
  );
  return <Input label={label} error={error} trailing={picker} spellCheck={false} autoComplete="off" className="font-mono" {...form.register(field)} />;
}
