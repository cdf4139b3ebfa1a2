import { RewardSettings } from '@loyalty/contract';
import { useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useMessages } from '@/lib/i18n';
import { useRewardSettings } from '../api/rewards';
import { useRewardsForm } from '../hooks/use-rewards-form';
import { typedCount, typedDollars } from '../lib/rewards';
import { rulesMessages } from '../messages';
import { CountField, MoneyField, RewardSection, type RewardsFormApi } from './reward-fields';
import { RulesFormCard } from './rules-form-parts';

const RULES = RewardSettings.shape;

/**
 * The Rewards tab of Rules & Settings (docs/product.md 'Rewards'): loads the reward settings, a
 * spinner meanwhile and 'Failed to load reward settings' with Try again when the load fails; then
 * {@link RewardSettingsForm}.
 */
export function RewardsTab({ slug }: { slug: string }) {
  const t = useMessages(rulesMessages);
  const settings = useRewardSettings(slug);
  if (settings.isError && !settings.data) return <LoadError title={t('rewardsLoadFailed')} query={settings} fallback={t('pleaseTryAgain')} />;
  if (!settings.data) return <PageSpinner label={t('rewardsLoading')} />;
  return <RewardSettingsForm slug={slug} settings={settings.data} />;
}

/**
 * The reward settings, saved as one whole with 'Save Rewards': Welcome bonus, Birthday reward,
 * Referrals and Win-back offers, each with its switch, the line saying how it works and its fields.
 */
function RewardSettingsForm({ slug, settings }: { slug: string; settings: RewardSettings }) {
  const t = useMessages(rulesMessages);
  const { form, card } = useRewardsForm(slug, settings);
  return (
    <RulesFormCard label={t('rewardsLabel')} title={t('rewardsTitle')} description={t('rewardsDescription')} saveLabel={t('rewardsSave')} {...card}>
      <RewardSection form={form} reward="welcome" title={t('welcomeTitle')} toggleLabel={t('welcomeEnabled')} note={t('welcomeNote')}>
        <MoneyField form={form} name="welcome.amount" label={t('welcomeAmount')} />
      </RewardSection>
      <RewardSection form={form} reward="birthday" title={t('birthdayTitle')} toggleLabel={t('birthdayEnabled')} note={t('birthdayNote')}>
        <MoneyField form={form} name="birthday.amount" label={t('birthdayAmount')} />
      </RewardSection>
      <ReferralSection form={form} />
      <WinBackSection form={form} />
      <Alert tone="info">{t('rewardsChangeNote')}</Alert>
    </RulesFormCard>
  );
}

/** Referrals: both bonuses, the friend's minimum first purchase (in the line as typed) and the monthly cap per referrer. */
function ReferralSection({ form }: { form: RewardsFormApi }) {
  const t = useMessages(rulesMessages);
  const minPurchase = useWatch({ control: form.control, name: 'referral.minPurchase' });
  return (
    <RewardSection
      form={form}
      reward="referral"
      title={t('referralTitle')}
      toggleLabel={t('referralEnabled')}
      note={t('referralNote', { amount: typedDollars(minPurchase) })}
    >
      <MoneyField form={form} name="referral.referrer" label={t('referrerAmount')} />
      <MoneyField form={form} name="referral.friend" label={t('friendAmount')} />
      <MoneyField form={form} name="referral.minPurchase" label={t('minPurchase')} />
      <CountField form={form} name="referral.maxPerReferrerPerMonth" label={t('maxPerMonth')} rule={RULES.referral.shape.maxPerReferrerPerMonth} />
    </RewardSection>
  );
}

/** Win-back offers: the days without a purchase, the bonus and the days the offer is valid (the days in the line as typed). */
function WinBackSection({ form }: { form: RewardsFormApi }) {
  const t = useMessages(rulesMessages);
  const [inactive, valid] = useWatch({ control: form.control, name: ['winBack.inactiveDays', 'winBack.validDays'] });
  return (
    <RewardSection
      form={form}
      reward="winBack"
      title={t('winBackTitle')}
      toggleLabel={t('winBackEnabled')}
      note={t('winBackNote', { inactive: typedCount(inactive), valid: typedCount(valid) })}
    >
      <CountField form={form} name="winBack.inactiveDays" label={t('inactiveDays')} rule={RULES.winBack.shape.inactiveDays} unit={t('days')} />
      <MoneyField form={form} name="winBack.bonus" label={t('winBackAmount')} />
      <CountField form={form} name="winBack.validDays" label={t('validDays')} rule={RULES.winBack.shape.validDays} unit={t('days')} />
    </RewardSection>
  );
}
