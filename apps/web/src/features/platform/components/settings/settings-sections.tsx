import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { NumberInput } from '@/components/ui/number-input';
import { ToggleField } from '@/components/ui/toggle-field';
import { useMessages } from '@/lib/i18n';
import { settingsMessages } from '../../messages-settings';
import { DEFAULT_PLAN_OPTIONS, type SettingsFormValues } from './settings-form';

type Form = UseFormReturn<SettingsFormValues>;

/**
 * Email Settings (smtp): host, port, username, password, from e-mail. The stored password is never
 * shown: with one stored the field is empty with the placeholder '••••••••', and saving it empty
 * keeps it.
 */
export function EmailSection({ form, passwordSet }: { form: Form; passwordSet: boolean }) {
  const t = useMessages(settingsMessages);
  const errors = form.formState.errors.smtp;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input label={t('smtpHost')} autoComplete="off" placeholder={t('smtpHostPlaceholder')} error={errors?.host?.message} {...form.register('smtp.host')} />
      <NumberInput label={t('smtpPort')} min={1} max={65535} error={errors?.port?.message} {...form.register('smtp.port', { valueAsNumber: true })} />
      <Input label={t('smtpUsername')} autoComplete="off" error={errors?.username?.message} {...form.register('smtp.username')} />
      <Input
        label={t('smtpPassword')}
        type="password"
        autoComplete="new-password"
        placeholder={passwordSet ? '••••••••' : ''}
        hint={passwordSet ? t('smtpPasswordStored') : t('smtpPasswordNone')}
        error={errors?.password?.message}
        {...form.register('smtp.password')}
      />
      <Input
        label={t('fromEmail')}
        type="email"
        autoComplete="off"
        placeholder={t('fromEmailPlaceholder')}
        wrapperClassName="sm:col-span-2"
        hint={t('fromEmailHint')}
        error={errors?.fromEmail?.message}
        {...form.register('smtp.fromEmail')}
      />
    </div>
  );
}

/**
 * Security (security: these take effect): session timeout in hours (new sessions, and existing ones
 * are cut to a shorter one), minimum password length (every password set from now on), maximum
 * login attempts (the login throttle, ADR 0009), and 'Require two-factor authentication' (platform
 * admins and Store Admins without it must set it up at their next sign-in; cashiers are exempt).
 */
export function SecuritySection({ form }: { form: Form }) {
  const t = useMessages(settingsMessages);
  const errors = form.formState.errors.security;
  const twoFactor = useWatch({ control: form.control, name: 'security.requireTwoFactor' });
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberInput
          label={t('sessionTimeout')}
          min={1}
          max={720}
          hint={t('sessionTimeoutHint')}
          error={errors?.sessionTimeout?.message}
          {...form.register('security.sessionTimeout', { valueAsNumber: true })}
        />
        <NumberInput
          label={t('passwordMinLength')}
          min={6}
          max={128}
          hint={t('passwordMinLengthHint')}
          error={errors?.passwordMinLength?.message}
          {...form.register('security.passwordMinLength', { valueAsNumber: true })}
        />
        <NumberInput
          label={t('maxLoginAttempts')}
          min={3}
          max={100}
          hint={t('maxLoginAttemptsHint')}
          error={errors?.maxLoginAttempts?.message}
          {...form.register('security.maxLoginAttempts', { valueAsNumber: true })}
        />
      </div>
      <ToggleField
        label={t('requireTwoFactor')}
        checked={twoFactor}
        onChange={(checked) => form.setValue('security.requireTwoFactor', checked, { shouldDirty: true })}
        note={t('requireTwoFactorNote')}
      />
    </div>
  );
}

/** Platform (platform): default plan, trial days, allow signups. */
export function PlatformSection({ form }: { form: Form }) {
  const t = useMessages(settingsMessages);
  const errors = form.formState.errors.platform;
  const allowSignups = useWatch({ control: form.control, name: 'platform.allowSignups' });
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label={t('defaultPlan')} hint={t('defaultPlanHint')} error={errors?.defaultPlan?.message} {...form.register('platform.defaultPlan')}>
          {DEFAULT_PLAN_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.name)}
            </option>
          ))}
        </Select>
        <NumberInput
          label={t('trialDays')}
          min={0}
          max={365}
          hint={t('trialDaysHint')}
          error={errors?.trialDays?.message}
          {...form.register('platform.trialDays', { valueAsNumber: true })}
        />
      </div>
      <ToggleField
        label={t('allowSignups')}
        checked={allowSignups}
        onChange={(checked) => form.setValue('platform.allowSignups', checked, { shouldDirty: true })}
        note={t('allowSignupsNote')}
      />
    </div>
  );
}
