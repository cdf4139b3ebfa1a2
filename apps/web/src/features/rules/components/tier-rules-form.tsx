import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Save } from 'lucide-react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Badge, TierBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { TIER_LABELS } from '@/lib/labels';
import { useSaveTierRules } from '../api/save-rules';
import { RULES_MESSAGES, tierBody, toTierForm, type TierForm } from '../lib/forms';

/**
 * Loyalty Tiers tab (spec §2 'Rules & Settings', §5 'Rates', §8 'Rules'): SILVER, GOLD, PLATINUM
 * with name, minimum total spend in dollars (step 1; sent as cents), bonus rate in percent (sent
 * as bps) and Active. Save sends the set; the server re-tiers every customer. Success 'Tier rules
 * saved successfully'; failure the server's text (e.g. 'Tier thresholds must increase: SILVER <
 * GOLD < PLATINUM', also shown above the Save button), else 'Failed to save tier rules. Please try again.'
 */
export function TierRulesForm({ slug, form }: { slug: string; form: UseFormReturn<TierForm> }) {
  const save = useSaveTierRules(slug);
  const rows = useWatch({ control: form.control, name: 'rules' });
  const { errors, isDirty } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(tierBody(values), {
      onSuccess: (data) => {
        form.reset(toTierForm(data.rules));
        const moved = data.customersRetiered ?? 0;
        toast.success(RULES_MESSAGES.tiersSaved);
        if (moved > 0) toast.info(`${moved} ${moved === 1 ? 'customer' : 'customers'} moved to a new tier`);
      },
      onError: (err) => {
        const message = saveErrorMessage(err, RULES_MESSAGES.tiersFailed);
        setFailure(message);
        toast.error(message);
      },
    });
  });

  return (
    <Card>
      <form noValidate aria-label="Tier rules" onSubmit={onSubmit}>
        <CardHeader className="flex-wrap">
          <div className="min-w-0">
            <CardTitle>Loyalty Tiers</CardTitle>
            <p className="mt-0.5 text-sm text-slate-500">
              Customers move up as their total spend grows; each tier adds a bonus on top of the category rate.
            </p>
          </div>
          {isDirty && <Badge color="yellow">Unsaved changes</Badge>}
        </CardHeader>
        <CardContent className="divide-y divide-slate-100 py-0">
          {rows.map((row, i) => (
            <fieldset key={row.tier} className="grid grid-cols-2 gap-x-4 gap-y-3 py-4 lg:grid-cols-[7rem_1fr_10rem_9rem_5.5rem]">
              <legend className="sr-only">{TIER_LABELS[row.tier]}</legend>
              <div className="col-span-2 flex items-center lg:col-span-1 lg:self-end lg:pb-2.5" aria-hidden="true">
                <TierBadge tier={row.tier} />
              </div>
              <Input label="Name" autoComplete="off" wrapperClassName="col-span-2 lg:col-span-1" error={errors.rules?.[i]?.name?.message} {...form.register(`rules.${i}.name`)} />
              <Input
                label="Minimum spend"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                leading="$"
                error={errors.rules?.[i]?.minSpend?.message}
                {...form.register(`rules.${i}.minSpend`, { onChange: () => setFailure(null) })}
              />
              <Input
                label="Bonus rate (%)"
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
                wrapperClassName="col-span-2 self-end lg:col-span-1 lg:pb-2.5"
                checked={row.isActive}
                onChange={(e) => form.setValue(`rules.${i}.isActive`, e.target.checked, { shouldDirty: true })}
              />
            </fieldset>
          ))}
        </CardContent>
        {failure && (
          <div className="px-5 pb-4">
            <Alert tone="error">{failure}</Alert>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 px-5 py-3">
          {isDirty && (
            <Button
              variant="ghost"
              onClick={() => {
                setFailure(null);
                form.reset();
              }}
              disabled={save.isPending}
            >
              Discard changes
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            <Save aria-hidden="true" className="h-4 w-4" />
            Save Tier Rules
          </Button>
        </div>
      </form>
    </Card>
  );
}
