import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { PercentInput } from '@/components/ui/number-input';
import { useSaveCashbackRules } from '../api/save-rules';
import { useSaveSubmit } from '../hooks/use-save-submit';
import { CATEGORY_LABELS } from '@/lib/labels';
import { RULES_MESSAGES, cashbackBody, toCashbackForm, type CashbackForm } from '../lib/forms';
import { RulesFormCard } from './rules-form-parts';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

const HINTS = { PURCHASE: 'hintPurchase', REPAIR: 'hintRepair', OTHER: 'hintOther' } as const;

/**
 * Cashback Rules tab: one row per category (PURCHASE, REPAIR, OTHER), the rate in percent (0–100,
 * step 0.1; sent as bps = percent × 100, rounded) and an Active toggle; Save sends the whole set.
 * Success 'Cashback rules saved successfully' and the form shows the stored set; failure the
 * server's text, else 'Failed to save cashback rules. Please try again.' `form` lives in the page
 * so the preview sees unsaved values.
 */
export function CashbackRulesForm({ slug, form }: { slug: string; form: UseFormReturn<CashbackForm> }) {
  const t = useMessages(rulesMessages);
  const save = useSaveCashbackRules(slug);
  const rows = useWatch({ control: form.control, name: 'rules' });
  const { errors } = form.formState;

  const card = useSaveSubmit(form, save, {
    toBody: cashbackBody,
    toForm: (data) => toCashbackForm(data.rules),
    saved: RULES_MESSAGES.cashbackSaved,
    failed: RULES_MESSAGES.cashbackFailed,
  });

  return (
    <RulesFormCard
      label={t('cashbackLabel')}
      title={t('cashbackTitle')}
      description={t('cashbackDescription')}
      saveLabel={t('cashbackSave')}
      contentClassName="divide-y divide-slate-100 py-0"
      {...card}
    >
      {rows.map((row, i) => (
        <fieldset key={row.category} className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-3 py-4 sm:grid-cols-[1fr_11rem_7rem]">
          <legend className="sr-only">{CATEGORY_LABELS[row.category]}</legend>
          <div className="col-span-2 min-w-0 sm:col-span-1" aria-hidden="true">
            <p className="font-medium text-slate-900">{CATEGORY_LABELS[row.category]}</p>
            <p className="text-sm text-slate-500">{t(HINTS[row.category])}</p>
          </div>
          <PercentInput label={t('rateLabel')} error={errors.rules?.[i]?.percent?.message} {...form.register(`rules.${i}.percent`)} />
          <Checkbox
            label={t('active')}
            wrapperClassName="self-end pb-2.5 sm:justify-self-end"
            checked={row.isActive}
            onChange={(e) => form.setValue(`rules.${i}.isActive`, e.target.checked, { shouldDirty: true })}
          />
        </fieldset>
      ))}
    </RulesFormCard>
  );
}
