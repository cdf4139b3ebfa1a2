import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { platformSettings, type PlatformSettingsValue } from '../../db/schema/index.ts';

/** Defaults of the platform settings (spec §9 'Platform settings defaults'). sessionTimeout in hours. */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettingsValue = {
  smtp: { host: '', port: 587, username: '', password: '', fromEmail: '' },
  security: { sessionTimeout: 24, passwordMinLength: 8, requireTwoFactor: false },
  platform: { defaultPlan: 'starter', trialDays: 14, allowSignups: true },
};

/** Reads the platform settings row (id 1), falling back to the defaults when absent. */
export async function getPlatformSettings(db: DbOrTx): Promise<PlatformSettingsValue> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1)).limit(1);
  return row?.value ?? DEFAULT_PLATFORM_SETTINGS;
}
