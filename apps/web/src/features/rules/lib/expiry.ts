import type { ExpiryPolicy } from '@loyalty/contract';
import { translate } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/** Texts of the Expiry tab (docs/product.md 'Expiry'), read from rulesMessages at each use. */
export const EXPIRY_MESSAGES = {
  get changeNote(): string {
    return translate(rulesMessages, 'expiryChangeNote');
  },
  get timezoneNote(): string {
    return translate(rulesMessages, 'timezoneNote');
  },
  get ruleSaved(): string {
    return translate(rulesMessages, 'expirySaved');
  },
  get ruleFailed(): string {
    return translate(rulesMessages, 'expiryFailed');
  },
  get timezoneSaved(): string {
    return translate(rulesMessages, 'timezoneSaved');
  },
  get timezoneFailed(): string {
    return translate(rulesMessages, 'timezoneFailed');
  },
  get loadFailed(): string {
    return translate(rulesMessages, 'expiryLoadFailed');
  },
};

/** The policy choices of the Expiry tab, in display order. */
export const EXPIRY_POLICY_OPTIONS = [
  { value: 'NEVER', labelKey: 'policyNever' },
  { value: 'AFTER_EARN', labelKey: 'policyAfterEarn' },
] as const satisfies readonly { value: ExpiryPolicy; labelKey: string }[];
