/**
 * The settings module's public face (ADR 0012, ADR 0028): it owns `platform_settings` (one row)
 * and the password policy built from it (docs/product.md 'Platform settings'). Reading is open
 * to every module (signup, the password policy, the login throttle, new tenants); the
 * operator's save (platform/settings.ts) writes through `lockSettings` and `storeSettings`.
 */

export { assertPasswordPolicy, getPasswordPolicy, passwordPolicyViolation } from './password-policy.ts';
export { DEFAULT_PLATFORM_SETTINGS, ensureSettingsRow, getPlatformSettings, lockSettings, storeSettings } from './service.ts';
