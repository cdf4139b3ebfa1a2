import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { platformSettings, type PlatformSettingsValue } from '../../db/schema/index.ts';

/**
 * The platform settings store (docs/product.md 'Platform settings'): the module that owns
 * `platform_settings` (one row, id 1). Reading is open to
 * every module (signup, the password policy, the login throttle, new tenants); the operator's
 * save use case (platform/settings.ts) writes through `lockSettings` and `storeSettings`.
 */

/**
 * Defaults of the platform settings (docs/product.md 'Platform settings'). sessionTimeout in
 * hours; maxLoginAttempts (ADR 0009) wrong passwords per account and address per 15 min.
 */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettingsValue = {
  smtp: { host: '', port: 587, username: '', password: '', fromEmail: '' },
  security: { sessionTimeout: 24, passwordMinLength: 8, requireTwoFactor: false, maxLoginAttempts: 10 },
  platform: { defaultPlan: 'starter', trialDays: 14, allowSignups: true },
};

/**
 * Reads the platform settings row (id 1), falling back to the defaults when absent; a row
 * written before a setting existed gets that setting's default (e.g. maxLoginAttempts).
 */
export async function getPlatformSettings(db: DbOrTx): Promise<PlatformSettingsValue> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1);
  return withDefaults(row?.value);
}

/** A stored settings value completed with the defaults of any setting it lacks (the defaults when absent). */
function withDefaults(value: PlatformSettingsValue | undefined): PlatformSettingsValue {
  if (!value) return DEFAULT_PLATFORM_SETTINGS;
  return {
    smtp: { ...DEFAULT_PLATFORM_SETTINGS.smtp, ...value.smtp },
    security: { ...DEFAULT_PLATFORM_SETTINGS.security, ...value.security },
    platform: { ...DEFAULT_PLATFORM_SETTINGS.platform, ...value.platform },
  };
}

/**
 * Locks the settings row `FOR UPDATE` in `tx` (two saves run one after the other, so each
 * audit row's `before` is what that save replaced) and returns its value with defaults, as
 * `getPlatformSettings` would. No row yet: nothing is locked and the defaults are returned.
 */
export async function lockSettings(tx: Tx): Promise<PlatformSettingsValue> {
  const [row] = await tx.select().from(platformSettings).where(eq(platformSettings.id, 1)).for('update');
  return withDefaults(row?.value);
}

/** Stores `value` as the settings row (id 1) in `tx`: inserted when absent, else replaced with `updatedAt` = now. */
export async function storeSettings(tx: Tx, value: PlatformSettingsValue, now: Date): Promise<void> {
  await tx
    .insert(platformSettings)
    .values({ id: 1, value })
    .onConflictDoUpdate({ target: platformSettings.id, set: { value, updatedAt: now } });
}

/** Writes the default settings row (id 1) unless one exists (start-up seed: an existing row is never touched). */
export async function ensureSettingsRow(db: DbOrTx): Promise<void> {
  await db.insert(platformSettings).values({ id: 1, value: DEFAULT_PLATFORM_SETTINGS }).onConflictDoNothing();
}
