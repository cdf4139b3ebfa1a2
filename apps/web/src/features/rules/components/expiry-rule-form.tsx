import { zodResolver } from '@hookform/resolvers/zod';
import { EXPIRY_DAYS_MAX, EXPIRY_DAYS_MIN, ExpiryRuleRequest, type ExpiryRuleResponse } from '@loyalty/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Select } from '@/components/ui/select';
import { NumberInput } from '@/components/ui/number-input';
import { useSaveExpiryRule } from '../api/expiry';
import { useSaveSubmit } from '../hooks/use-save-submit';
import { EXPIRY_MESSAGES, EXPIRY_POLICY_OPTIONS } from '../lib/expiry';
import { RulesFormCard } from './rules-form-parts';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

const toForm = (rule: ExpiryRuleResponse): ExpiryRuleRequest => ({ policy: rule.policy, days: rule.days });

/**
 * The cashback expiry rule (docs/product.md 'Expiry'): the policy (Never expire / Expire N days after
 * it is credited) and, for AFTER_EARN only, the days (30–1825). The days field unregisters
 * while hidden, so a NEVER save sends `{ policy }` and the server keeps the stored days.
 * Validated with the contract's ExpiryRuleRequest; Save toasts the outcome.
 */
export function ExpiryRuleForm({ slug, rule }: { slug: string; rule: ExpiryRuleResponse }) {
  const t = useMessages(rulesMessages);
  const save = useSaveExpiryRule(slug);
  const form = useForm<ExpiryRuleRequest>({ resolver: zodResolver(ExpiryRuleRequest), defaultValues: toForm(rule), shouldUnregister: true });
  const policy = useWatch({ control: form.control, name: 'policy' });
  const { errors } = form.formState;
  const card = useSaveSubmit(form, save, { toBody: (values) => values, toForm, saved: EXPIRY_MESSAGES.ruleSaved, failed: EXPIRY_MESSAGES.ruleFailed });

  return (
    <RulesFormCard label={t('expiryLabel')} title={t('expiryTitle')} description={t('expiryDescription')} saveLabel={t('expirySave')} {...card}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label={t('policy')} error={errors.policy?.message} value={policy} {...form.register('policy')}>
          {EXPIRY_POLICY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.labelKey)}
            </option>
          ))}
        </Select>
        {policy === 'AFTER_EARN' && (
          <NumberInput
            label={t('expireAfter')}
            min={EXPIRY_DAYS_MIN}
            max={EXPIRY_DAYS_MAX}
            step={1}
            hint={t('expireAfterHint', { min: EXPIRY_DAYS_MIN, max: EXPIRY_DAYS_MAX })}
            error={errors.days?.message}
            trailing={<span className="pr-2 text-sm text-slate-500">{t('days')}</span>}
            {...form.register('days', { valueAsNumber: true })}
          />
        )}
      </div>
      <Alert tone="info">{EXPIRY_MESSAGES.changeNote}</Alert>
    </RulesFormCard>
  );
}
