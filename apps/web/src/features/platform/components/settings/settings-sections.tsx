import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { NumberInput } from '@/components/ui/number-input';
import { ToggleField } from '@/components/ui/toggle-field';
import { DEFAULT_PLAN_NAMES, type SettingsFormValues } from './settings-form';

type Form = UseFormReturn<SettingsFormValues>;

/**
 * Email Settings (smtp): host, port, username, password, from e-mail. The stored password is never
 * shown: with one stored the field is empty with the placeholder '••••••••', and saving it empty
 * keeps it.
 */
export function EmailSection({ form, passwordSet }: { form: Form; passwordSet: boolean }) {
  const errors = form.formState.errors.smtp;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input label="SMTP host" autoComplete="off" placeholder="smtp.example.com" error={errors?.host?.message} {...form.register('smtp.host')} />
      <NumberInput label="SMTP port" min={1} max={65535} error={errors?.port?.message} {...form.register('smtp.port', { valueAsNumber: true })} />
      <Input label="SMTP username" autoComplete="off" error={errors?.username?.message} {...form.register('smtp.username')} />
      <Input
        label="SMTP password"
        type="password"
        autoComplete="new-password"
        placeholder={passwordSet ? '••••••••' : ''}
        hint={passwordSet ? 'A password is stored. Leave empty to keep it.' : 'No password stored.'}
        error={errors?.password?.message}
        {...form.register('smtp.password')}
      />
      <Input
        label="From email"
        type="email"
        autoComplete="off"
        placeholder="noreply@example.com"
        wrapperClassName="sm:col-span-2"
        hint="The sender address of the platform's e-mails."
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
  const errors = form.formState.errors.security;
  const twoFactor = useWatch({ control: form.control, name: 'security.requireTwoFactor' });
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberInput
          label="Session timeout (hours)"
          min={1}
          max={720}
          hint="Sessions end after this long without activity (1–720). A shorter value also shortens sessions already signed in."
          error={errors?.sessionTimeout?.message}
          {...form.register('security.sessionTimeout', { valueAsNumber: true })}
        />
        <NumberInput
          label="Minimum password length"
          min={6}
          max={128}
          hint="6–128. Applies whenever a password is set: sign-up, staff, new tenants, password changes."
          error={errors?.passwordMinLength?.message}
          {...form.register('security.passwordMinLength', { valueAsNumber: true })}
        />
        <NumberInput
          label="Maximum login attempts"
          min={3}
          max={100}
          hint="Wrong passwords allowed per account and address in 15 minutes"
          error={errors?.maxLoginAttempts?.message}
          {...form.register('security.maxLoginAttempts', { valueAsNumber: true })}
        />
      </div>
      <ToggleField
        label="Require two-factor authentication"
        checked={twoFactor}
        onChange={(checked) => form.setValue('security.requireTwoFactor', checked, { shouldDirty: true })}
        note="Platform admins and Store Admins without two-factor must set it up at their next sign-in before they can do anything else. Cashiers are exempt: they often share a till."
      />
    </div>
  );
}

/** Platform (platform): default plan, trial days, allow signups. */
export function PlatformSection({ form }: { form: Form }) {
  const errors = form.formState.errors.platform;
  const allowSignups = useWatch({ control: form.control, name: 'platform.allowSignups' });
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Default plan" hint="The plan new tenants start on." error={errors?.defaultPlan?.message} {...form.register('platform.defaultPlan')}>
          {(Object.keys(DEFAULT_PLAN_NAMES) as Array<keyof typeof DEFAULT_PLAN_NAMES>).map((k) => (
            <option key={k} value={k}>
              {DEFAULT_PLAN_NAMES[k]}
            </option>
          ))}
        </Select>
        <NumberInput
          label="Trial days"
          min={0}
          max={365}
          hint="Length of the free trial of new tenants (0–365)."
          error={errors?.trialDays?.message}
          {...form.register('platform.trialDays', { valueAsNumber: true })}
        />
      </div>
      <ToggleField
        label="Allow public signups"
        checked={allowSignups}
        onChange={(checked) => form.setValue('platform.allowSignups', checked, { shouldDirty: true })}
        note="When off, /signup refuses new businesses; tenants can still be created from Tenants."
      />
    </div>
  );
}
