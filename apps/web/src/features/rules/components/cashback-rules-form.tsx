import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Save } from 'lucide-react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useSaveCashbackRules } from '../api/save-rules';
import { CATEGORY_LABELS } from '@/lib/labels';
import { RULES_MESSAGES, cashbackBody, toCashbackForm, type CashbackForm } from '../lib/forms';

const HINTS = { PURCHASE: 'Everyday sales', REPAIR: 'Repairs and services', OTHER: 'Anything else' } as const;

/**
 * Cashback Rules tab (spec §2 'Rules & Settings', §5 'Rates', §8 'Rules'): one row per category
 * (PURCHASE, REPAIR, OTHER), the rate in percent (0–100, step 0.1; sent as bps = percent × 100,
 * rounded) and an Active toggle; Save sends the whole set. Success 'Cashback rules saved
 * successfully' and the form shows the stored set; failure the server's text, else 'Failed to
 * save cashback rules. Please try again.' `form` lives in the page so the preview sees unsaved values.
 */
export function CashbackRulesForm({ slug, form }: { slug: string; form: UseFormReturn<CashbackForm> }) {
  const save = useSaveCashbackRules(slug);
  const rows = useWatch({ control: form.control, name: 'rules' });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(cashbackBody(values), {
      onSuccess: (data) => {
        form.reset(toCashbackForm(data.rules));
        toast.success(RULES_MESSAGES.cashbackSaved);
      },
      onError: (err) => toast.error(saveErrorMessage(err, RULES_MESSAGES.cashbackFailed)),
    });
  });

  return (
    <Card>
      <form noValidate aria-label="Cashback rules" onSubmit={onSubmit}>
        <CardHeader className="flex-wrap">
          <div className="min-w-0">
            <CardTitle>Cashback Rules</CardTitle>
            <p className="mt-0.5 text-sm text-slate-500">The base rate a customer earns on each kind of transaction.</p>
          </div>
          {isDirty && <Badge color="yellow">Unsaved changes</Badge>}
        </CardHeader>
        <CardContent className="divide-y divide-slate-100 py-0">
          {rows.map((row, i) => (
            <fieldset key={row.category} className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-3 py-4 sm:grid-cols-[1fr_11rem_7rem]">
              <legend className="sr-only">{CATEGORY_LABELS[row.category]}</legend>
              <div className="col-span-2 min-w-0 sm:col-span-1" aria-hidden="true">
                <p className="font-medium text-slate-900">{CATEGORY_LABELS[row.category]}</p>
                <p className="text-sm text-slate-500">{HINTS[row.category]}</p>
              </div>
              <Input
                label="Rate (%)"
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.1}
                trailing={<span className="pr-2 text-sm text-slate-500">%</span>}
                error={errors.rules?.[i]?.percent?.message}
                {...form.register(`rules.${i}.percent`)}
              />
              <Checkbox
                label="Active"
                wrapperClassName="self-end pb-2.5 sm:justify-self-end"
                checked={row.isActive}
                onChange={(e) => form.setValue(`rules.${i}.isActive`, e.target.checked, { shouldDirty: true })}
              />
            </fieldset>
          ))}
        </CardContent>
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 px-5 py-3">
          {isDirty && (
            <Button variant="ghost" onClick={() => form.reset()} disabled={save.isPending}>
              Discard changes
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            <Save aria-hidden="true" className="h-4 w-4" />
            Save Cashback Rules
          </Button>
        </div>
      </form>
    </Card>
  );
}
