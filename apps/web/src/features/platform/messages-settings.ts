import { defineMessages } from '@/lib/i18n';

/**
 * The operator's platform settings texts (ADR 0042): the page, its tabs and sections, the
 * fields and the footer. Values are docs/product.md's texts.
 */
export const settingsMessages = defineMessages('platform.settings', {
  pageTitle: 'Platform Settings',
  pageSubtitle: 'Mail server, security and sign-up rules of the whole platform.',
  loading: 'Loading settings',
  loadFailed: 'Failed to load platform settings',
  loadFailedFallback: 'Please try again.',
  formLabel: 'Platform settings',
  tabsLabel: 'Platform settings sections',
  unsavedChanges: 'Unsaved changes',

  smtpTitle: 'Email Settings',
  smtpDescription: 'The mail server the platform sends its e-mails through.',
  securityTitle: 'Security',
  securityDescription: 'Sessions, passwords and sign-in limits of every account.',
  platformTitle: 'Platform',
  platformDescription: 'How new businesses join and start.',

  smtpHost: 'SMTP host',
  smtpHostPlaceholder: 'smtp.example.com',
  smtpPort: 'SMTP port',
  smtpUsername: 'SMTP username',
  smtpPassword: 'SMTP password',
  smtpPasswordStored: 'A password is stored. Leave empty to keep it.',
  smtpPasswordNone: 'No password stored.',
  fromEmail: 'From email',
  fromEmailPlaceholder: 'noreply@example.com',
  fromEmailHint: 'The sender address of the platform\u0027s e-mails.',

  sessionTimeout: 'Session timeout (hours)',
  sessionTimeoutHint: 'Sessions end after this long without activity (1–720). A shorter value also shortens sessions already signed in.',
  passwordMinLength: 'Minimum password length',
  passwordMinLengthHint: '6–128. Applies whenever a password is set: sign-up, staff, new tenants, password changes.',
  passwordMinLengthInvalid: 'Minimum password length must be 6–128',
  maxLoginAttempts: 'Maximum login attempts',
  maxLoginAttemptsHint: 'Wrong passwords allowed per account and address in 15 minutes',
  requireTwoFactor: 'Require two-factor authentication',
  requireTwoFactorNote:
    'Platform admins and Store Admins without two-factor must set it up at their next sign-in before they can do anything else. Cashiers are exempt: they often share a till.',

  defaultPlan: 'Default plan',
  defaultPlanHint: 'The plan new tenants start on.',
  planStarter: 'Starter',
  planPro: 'Professional',
  planEnterprise: 'Enterprise',
  trialDays: 'Trial days',
  trialDaysHint: 'Length of the free trial of new tenants (0–365).',
  allowSignups: 'Allow public signups',
  allowSignupsNote: 'When off, /signup refuses new businesses; tenants can still be created from Tenants.',

  saveFailed: 'Failed to save settings. Please try again.',
  saveStoresAll: 'Save stores all three sections.',
  discardChanges: 'Discard changes',
  saving: 'Saving...',
  saved: 'Saved',
  saveSettings: 'Save Settings',
  settingsSaved: 'Settings saved',
});
