import { LIMIT_MAX_CENTS, LimitSettings } from '@loyalty/contract';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { RichMessage, useMessages } from '@/lib/i18n';
import { useLimitSettings } from '../api/limits';
import { useLimitsForm } from '../hooks/use-limits-form';
import { rulesMessages } from '../messages';
import { limitsMessages } from '../messages-limits';
import { LimitSection } from './limit-fields';
import { CountField, MoneyField } from './reward-fields';
import { RulesFormCard } from './rules-form-parts';

const COUNT_RULE = LimitSettings.shape.cardEarnsPerDay.shape.count;

/**
 * The Limits tab of Rules & Settings (docs/product.md 'Velocity limits'): loads the velocity
 * limits, a spinner meanwhile and 'Failed to load limits' with Try again when the load fails;
 * then {@link LimitSettingsForm}.
 */
export function LimitsTab({ slug }: { slug: string }) {
  const t = useMessages(limitsMessages);
  const tr = useMessages(rulesMessages);
  const settings = useLimitSettings(slug);
  if (settings.isError && !settings.data) return <LoadError title={t('loadFailed')} query={settings} fallback={tr('pleaseTryAgain')} />;
  if (!settings.data) return <PageSpinner label={t('loading')} />;
  return <LimitSettingsForm slug={slug} settings={settings.data} />;
}

/**
 * The velocity limits, saved as one whole with 'Save Limits': earns per card a day (a count),
 * the purchase amount per earn, the amount redeemed per card a day and per staff member a day (in
 * dollars), each with its switch and its action; then where flagged movements go (the Review page).
 */
function LimitSettingsForm({ slug, settings }: { slug: string; settings: LimitSettings }) {
  const t = useMessages(limitsMessages);
  const { form, card } = useLimitsForm(slug, settings);
  return (
    <RulesFormCard label={t('formLabel')} title={t('title')} description={t('description')} saveLabel={t('save')} {...card}>
      <LimitSection form={form} limit="cardEarnsPerDay">
        <CountField form={form} name="cardEarnsPerDay.count" label={t('cardEarnsPerDayValue')} rule={COUNT_RULE} unit={t('earns')} />
      </LimitSection>
      <LimitSection form={form} limit="cardEarnAmount">
        <MoneyField form={form} name="cardEarnAmount.amount" label={t('cardEarnAmountValue')} maxCents={LIMIT_MAX_CENTS} />
      </LimitSection>
      <LimitSection form={form} limit="cardRedeemPerDay">
        <MoneyField form={form} name="cardRedeemPerDay.amount" label={t('cardRedeemPerDayValue')} maxCents={LIMIT_MAX_CENTS} />
      </LimitSection>
      <LimitSection form={form} limit="staffRedeemPerDay">
        <MoneyField form={form} name="staffRedeemPerDay.amount" label={t('staffRedeemPerDayValue')} maxCents={LIMIT_MAX_CENTS} />
      </LimitSection>
      <Alert tone="info">
        <RichMessage
          catalog={limitsMessages}
          id="reviewNote"
          components={{ review: <Link to={`/t/${encodeURIComponent(slug)}/review`} className="font-medium text-indigo-700 underline" /> }}
        />
      </Alert>
    </RulesFormCard>
  );
}
