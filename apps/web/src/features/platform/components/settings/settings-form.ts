import { PlatformSettings, type DefaultPlanKey } from '@loyalty/contract';
import { z } from 'zod';
import { translate, type MessageKey } from '@/lib/i18n';
import { settingsMessages } from '../../messages-settings';

/** 'Minimum password length must be 6–128', in the current language when the schema is checked. */
const minLengthInvalid = () => translate(settingsMessages, 'passwordMinLengthInvalid');

/**
 * The settings form's schema: the contract's `PlatformSettings` (its messages), with a
 * message for an empty minimum password length too (the contract gives none for a non-number).
 */
export const SettingsFormSchema = PlatformSettings.extend({
  security: PlatformSettings.shape.security.extend({
    passwordMinLength: z
      .number({ error: minLengthInvalid })
      .int({ error: minLengthInvalid })
      .min(6, { error: minLengthInvalid })
      .max(128, { error: minLengthInvalid }),
  }),
});
export type SettingsFormValues = z.input<typeof SettingsFormSchema>;

/** The three sections (tabs) of the settings screen, and which fields each holds. */
export type SettingsSection = 'smtp' | 'security' | 'platform';

/** The sections in tab order (Email Settings, Security, Platform). */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = ['smtp', 'security', 'platform'];

/** Field paths the server's 400 `details` may name (`body.smtp.port` → `smtp.port`). */
export const SERVER_FIELDS = [
  'smtp.host',
  'smtp.port',
  'smtp.username',
  'smtp.password',
  'smtp.fromEmail',
  'security.sessionTimeout',
  'security.passwordMinLength',
  'security.requireTwoFactor',
  'security.maxLoginAttempts',
  'platform.defaultPlan',
  'platform.trialDays',
  'platform.allowSignups',
] as const;

/** The default-plan choices in the select's order, each with its name's key in the settings catalog (Starter, Professional, Enterprise). */
export const DEFAULT_PLAN_OPTIONS: readonly { value: DefaultPlanKey; name: MessageKey<typeof settingsMessages.en> }[] = [
  { value: 'starter', name: 'planStarter' },
  { value: 'pro', name: 'planPro' },
  { value: 'enterprise', name: 'planEnterprise' },
];

/** How long the button shows 'Saved' after a save (/platform/settings: 3 seconds). */
export const SAVED_MS = 3000;
