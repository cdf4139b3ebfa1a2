import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { useTierRulesSubmit } from '../hooks/use-tier-rules-submit';
import type { TierForm } from '../lib/forms';
import { RulesFormActions, RulesFormHeader } from './rules-form-parts';
import { TierRuleRow } from './tier-rule-row';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/**
 * Loyalty Tiers tab: SILVER, GOLD, PLATINUM with name, minimum total spend in dollars (step 1; sent
 * as cents), bonus rate in percent (sent as bps) and Active. Save sends the set; the server
 * re-tiers every customer. Success 'Tier rules saved successfully'; failure the server's text (e.g.
 * 'Tier thresholds must increase: SILVER < GOLD < PLATINUM', also shown above the Save button),
 * else 'Failed to save tier rules. Please try again.'
 */
export function TierRulesForm({ slug, form }: { slug: string; form: UseFormReturn<TierForm> }) {
  const { save, onSubmit, failure, clearFailure } = useTierRulesSubmit(slug, form);
  const rows = useWatch({ control: form.control, name: 'rules' });
  const { isDirty } = form.formState;
  const t = useMessages(rulesMessages);

  return (
    <Card>
      <form noValidate aria-label={t('tiersLabel')} onSubmit={onSubmit}>
        <RulesFormHeader title={t('tiersTitle')} description={t('tiersDescription')} dirty={isDirty} />
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
        <RulesFormActions
          dirty={isDirty}
          pending={save.isPending}
          onDiscard={() => {
            clearFailure();
            form.reset();
          }}
          saveLabel={t('tiersSave')}
        />
      </form>
    </Card>
  );
}
