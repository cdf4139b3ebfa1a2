import { defineMessages } from '@/lib/i18n';

/** The shared hooks' texts (ADR 0042): the password policy's rule and hint. Values are docs/product.md's texts. */
export const hooksMessages = defineMessages('hooks', {
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least {{min}} characters long',
  passwordTooLong: 'Password must be at most 200 characters long',
  passwordHint: 'At least {{min}} characters',
});
