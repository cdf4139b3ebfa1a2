import { zodResolver } from '@hookform/resolvers/zod';
import { supportedTimeZones, TimezoneRequest } from '@loyalty/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Select } from '@/components/ui/select';
import { useSaveTimezone } from '../api/expiry';
import { useSaveSubmit } from '../hooks/use-save-submit';
import { EXPIRY_MESSAGES } from '../lib/expiry';
import { RulesFormCard } from './rules-form-parts';
import { useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/**
 * The tenant's time zone: a select of the IANA zones this browser knows (plus the
 * stored one, should the browser not know it), starting at the tenant view's `timezone`, with
 * its own Save; the tenant view is refreshed after a save.
 */
export function TimezoneForm({ slug, timezone }: { slug: string; timezone: string }) {
  const t = useMessages(rulesMessages);
  const save = useSaveTimezone(slug);
  const form = useForm<TimezoneRequest>({ resolver: zodResolver(TimezoneRequest), defaultValues: { timezone } });
  const selected = useWatch({ control: form.control, name: 'timezone' });
  const { errors } = form.formState;
  const zones = supportedTimeZones().includes(timezone) ? supportedTimeZones() : [timezone, ...supportedTimeZones()];
  const card = useSaveSubmit(form, save, {
    toBody: (values) => values,
    toForm: (tenant) => ({ timezone: tenant.timezone }),
    saved: EXPIRY_MESSAGES.timezoneSaved,
    failed: EXPIRY_MESSAGES.timezoneFailed,
  });

  return (
    <RulesFormCard label={t('timezoneLabel')} title={t('timezoneTitle')} description={t('timezoneDescription')} saveLabel={t('timezoneSave')} {...card}>
      <Select label={t('timezoneSelect')} wrapperClassName="sm:max-w-sm" error={errors.timezone?.message} value={selected} {...form.register('timezone')}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </Select>
      <Alert tone="info">{EXPIRY_MESSAGES.timezoneNote}</Alert>
    </RulesFormCard>
  );
}
