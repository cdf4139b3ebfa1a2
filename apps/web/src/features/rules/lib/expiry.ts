import type { ExpiryPolicy } from '@loyalty/contract';

/** Texts of the Expiry tab (docs/product.md 'Expiry'), used verbatim. */
export const EXPIRY_MESSAGES = {
  changeNote: 'A changed rule applies to cashback credited after the change; cashback already on cards keeps its date.',
  timezoneNote: 'Expiry dates and report days use this time zone.',
  ruleSaved: 'Expiry rule saved successfully',
  ruleFailed: 'Failed to save expiry rule. Please try again.',
  timezoneSaved: 'Time zone saved successfully',
  timezoneFailed: 'Failed to save time zone. Please try again.',
  loadFailed: 'Failed to load expiry settings',
} as const;

/** The policy choices of the Expiry tab, in display order. */
export const EXPIRY_POLICY_OPTIONS: readonly { value: ExpiryPolicy; label: string }[] = [
  { value: 'NEVER', label: 'Never expire' },
  { value: 'AFTER_EARN', label: 'Expire N days after it is credited' },
];
