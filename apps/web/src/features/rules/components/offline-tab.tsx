import { OFFLINE_CAP_MAX_CENTS, type OfflineSettings } from '@loyalty/contract';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { ToggleField } from '@/components/ui/toggle-field';
import { RichMessage, useMessages } from '@/lib/i18n';
import { useOfflineSettings } from '../api/offline';
import { useOfflineForm } from '../hooks/use-offline-form';
import { rulesMessages } from '../messages';
import { offlineMessages } from '../messages-offline';
import { MoneyField } from './reward-fields';
import { RulesFormCard } from './rules-form-parts';

/**
 * The Offline tab of Rules & Settings (docs/product.md 'Offline till'): loads what tills may do
 * offline, a spinner meanwhile and 'Failed to load offline settings' with Try again when the load
 * fails; then {@link OfflineSettingsForm}.
 */
export function OfflineTab({ slug }: { slug: string }) {
  const t = useMessages(offlineMessages);
  const tr = useMessages(rulesMessages);
  const settings = useOfflineSettings(slug);
  if (settings.isError && !settings.data) return <LoadError title={t('loadFailed')} query={settings} fallback={tr('pleaseTryAgain')} />;
  if (!settings.data) return <PageSpinner label={t('loading')} />;
  return <OfflineSettingsForm slug={slug} settings={settings.data} />;
}

/**
 * The offline till settings, saved as one whole with 'Save Offline Settings': that earns are always
 * accepted offline, then the switch allowing redemptions while offline with its two caps (in
 * dollars), and the warning that the business carries the risk, linking to the Sync conflicts.
 */
function OfflineSettingsForm({ slug, settings }: { slug: string; settings: OfflineSettings }) {
  const t = useMessages(offlineMessages);
  const { form, card } = useOfflineForm(slug, settings);
  const enabled = useWatch({ control: form.control, name: 'redemptions.enabled' });
  const { error } = form.getFieldState('redemptions.enabled', form.formState);
  const conflicts = `/t/${encodeURIComponent(slug)}/review?view=conflicts`;
  return (
    <RulesFormCard label={t('formLabel')} title={t('title')} description={t('description')} saveLabel={t('save')} {...card}>
      <Alert tone="info">{t('earnsNote')}</Alert>
      <fieldset className="space-y-3 rounded-lg border border-slate-200 px-4 pt-2 pb-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t('redemptionsTitle')}</legend>
        <ToggleField
          label={t('redemptionsToggle')}
          name="redemptions.enabled"
          checked={enabled}
          onChange={(on) => form.setValue('redemptions.enabled', on, { shouldDirty: true })}
          note={t('redemptionsNote')}
          error={error?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField form={form} name="redemptions.maxPerTransaction" label={t('maxPerTransaction')} maxCents={OFFLINE_CAP_MAX_CENTS} />
          <MoneyField form={form} name="redemptions.maxPerCardPerDay" label={t('maxPerCardPerDay')} maxCents={OFFLINE_CAP_MAX_CENTS} />
        </div>
        <Alert tone="warning">
          <RichMessage
            catalog={offlineMessages}
            id="risk"
            components={{ conflicts: <Link to={conflicts} className="font-medium text-amber-900 underline" /> }}
          />
        </Alert>
      </fieldset>
    </RulesFormCard>
  );
}
