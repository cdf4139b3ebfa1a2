import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Save } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTierRulesSubmit } from '../hooks/use-tier-rules-submit';
import type { TierForm } from '../lib/forms';
import { TierRuleRow } from './tier-rule-row';

/**
 * Loyalty Tiers tab (spec §2 'Rules & Settings', §5 'Rates', §8 'Rules'): SILVER, GOLD, PLATINUM
 * with name, minimum total spend in dollars (step 1; sent as cents), bonus rate in percent (sent
 * as bps) and Active. Save sends the set; the server re-tiers every customer. Success 'Tier rules
 * saved successfully'; failure the server's text (e.g. 'Tier thresholds must increase: SILVER <
 * GOLD < PLATINUM', also shown above the Save button), else 'Failed to save tier rules. Please try again.'
 */
export function TierRulesForm({ slug, form }: { slug: string; form: UseFormReturn<TierForm> }) {
  const { save, onSubmit, failure, clearFailure } = useTierRulesSubmit(slug, form);
  const rows = useWatch({ control: form.control, name: 'rules' });
  const { isDirty } = form.formState;

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
            <TierRuleRow key={row.tier} form={form} index={i} row={row} onMinSpendChange={clearFailure} />
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
                clearFailure();
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
