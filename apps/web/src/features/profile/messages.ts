import { defineMessages } from '@/lib/i18n';

/**
 * The Profile page's texts (ADR 0042), grouped by screen part: the page, the account card, the
 * change-password form, the two-factor card with its set-up (scan, recovery codes) and turning
 * off, and the forced set-up page. Values are docs/product.md's and docs/security.md's texts.
 */
export const profileMessages = defineMessages('profile', {
  pageTitle: 'Profile',
  pageSubtitle: 'Your account, your sign-in password and two-factor authentication.',

  accountTitle: 'Account',
  accountName: 'Name',
  accountEmail: 'Email',
  accountRole: 'Role',
  accountBusiness: 'Business',
  accountStore: 'Store',
  accountAllStores: 'All stores',
  accountArea: 'Area',
  accountOperatorConsole: 'Operator console',

  changePassword: 'Change password',
  passwordChanged: 'Password changed',
  passwordChangeFailed: 'Failed to change password. Please try again.',
  sameAsCurrent: 'Choose a password different from the current one',
  newPasswordRequired: 'New password is required',
  confirmRequired: 'Please confirm your new password',
  passwordsDoNotMatch: 'Passwords do not match',
  otherDevicesSignedOut: 'You stay signed in here; your other devices and browsers are signed out.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',

  twoFactorTitle: 'Two-factor authentication',
  twoFactorOn: 'On',
  twoFactorOff: 'Off',
  twoFactorOnDescription: 'Signing in asks for a code from your authenticator app after your password.',
  twoFactorOffDescription: 'Add a second step to signing in: a code from an authenticator app on your phone.',
  twoFactorTurnedOn: 'Two-factor authentication is on',

  twoFactorTurnedOff: 'Two-factor authentication is off',
  disableFormLabel: 'Turn off two-factor',
  disableFailed: 'Could not turn off two-factor authentication.',
  appCodeLabel: 'Code from your authenticator app',
  codePlaceholder: '123456',
  disableSubmit: 'Turn off two-factor',

  recoveryFileHeading: 'Loyalty Cards recovery codes (each works once)',
  recoveryCopied: 'Recovery codes copied',
  recoveryCopyFailed: 'Could not copy. Download them instead.',
  recoverySaveTitle: 'Save your recovery codes now',
  recoverySaveText: 'If you lose your phone, each of these codes signs you in once. They will not be shown again.',
  recoveryCodes: 'Recovery codes',
  copy: 'Copy',
  download: 'Download',
  recoverySaved: 'I have saved my codes',

  scanFormLabel: 'Confirm two-factor set-up',
  scanStepOpen: 'Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).',
  scanStepScan: 'Scan this QR code, or type in the key below.',
  scanStepEnter: 'Enter the 6-digit code the app shows.',
  qrAlt: 'QR code for your authenticator app',
  qrDrawing: 'Drawing the QR code',
  manualKey: 'Key for typing in by hand',
  enableFailed: 'Could not turn on two-factor authentication. Please try again.',
  sixDigitCode: '6-digit code',
  turnOn: 'Turn on',
  cancel: 'Cancel',

  setupFailed: 'Could not start the set-up. Please try again.',
  setUpTwoFactor: 'Set up two-factor authentication',

  requiredText: 'The platform requires two-factor authentication for your account. Set it up to continue.',
  setUpDone: 'Two-factor authentication is set up.',
  continue: 'Continue',
  signOut: 'Sign out',
});
