import { asc, desc, eq, sql } from 'drizzle-orm';
import type { PlatformSettings } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { auditLog, plans, platformSettings, type PlatformSettingsValue } from '../../db/schema/index.ts';

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

/**
 * The word a plan's name must contain (case-insensitive) for each choice of the platform
 * setting defaultPlan (spec §9: starter, pro, enterprise): 'pro' is the Professional plan.
 */
export const DEFAULT_PLAN_NAME_MATCH: Record<PlatformSettings['platform']['defaultPlan'], string> = {
  starter: 'starter',
  pro: 'professional',
  enterprise: 'enterprise',
};

/**
 * The id of the plan a new tenant starts on (decisions.md 'Where the spec shows
 * placeholders': defaultPlan takes effect): the plan whose name contains the word of
 * DEFAULT_PLAN_NAME_MATCH for `key`, case-insensitive, active plans first, then in display
 * order; null when no plan matches (or `key` is unknown).
 */
export async function defaultPlanId(db: DbOrTx, key: string): Promise<string | null> {
  const word = DEFAULT_PLAN_NAME_MATCH[key as keyof typeof DEFAULT_PLAN_NAME_MATCH];
  if (!word) return null;
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(sql`lower(${plans.name}) like ${'%' + word + '%'}`)
    .orderBy(desc(plans.isActive), asc(plans.sortOrder), asc(plans.priceMonthlyCents), asc(plans.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The settings as GET /api/platform/settings shows them (contract PlatformSettings): the SMTP
 * password is never sent back: `password` is '' and `passwordSet` says whether one is stored.
 */
export function settingsView(value: PlatformSettingsValue): PlatformSettings {
  return {
    smtp: { ...value.smtp, password: '', passwordSet: value.smtp.password.length > 0 },
    security: { ...value.security },
    platform: { ...value.platform, defaultPlan: value.platform.defaultPlan as PlatformSettings['platform']['defaultPlan'] },
  };
}

/**
 * PUT /api/platform/settings (spec §3 'Platform settings'; decisions.md: stored
 * server-side): writes the settings row (id 1) in one statement and returns the view of
 * `settingsView`. An empty `smtp.password` keeps the stored password; `passwordSet` of the
 * input is ignored. Writes an audit_log row 'platform.settings.update' (tenant null; the SMTP
 * password left out of before/after) in the same transaction. Takes effect at once:
 * allowSignups (signup), trialDays and defaultPlan (new tenants), sessionTimeout (hours; new
 * sessions).
 */
export async function savePlatformSettings(db: Database, input: PlatformSettings, actorId: string | null): Promise<PlatformSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(platformSettings).where(eq(platformSettings.id, 1)).for('update');
    const before = row?.value ?? DEFAULT_PLATFORM_SETTINGS;
    const { passwordSet: _ignored, ...smtp } = input.smtp;
    const value: PlatformSettingsValue = {
      smtp: { ...smtp, password: smtp.password === '' ? before.smtp.password : smtp.password },
      security: { ...input.security },
      platform: { ...input.platform },
    };
    await tx
      .insert(platformSettings)
      .values({ id: 1, value })
      .onConflictDoUpdate({ target: platformSettings.id, set: { value, updatedAt: new Date() } });
    const redact = (v: PlatformSettingsValue) => ({ ...v, smtp: { ...v.smtp, password: v.smtp.password ? '(set)' : '' } });
    await tx.insert(auditLog).values({
      tenantId: null,
      userId: actorId,
      action: 'platform.settings.update',
      entity: 'platform_settings',
      entityId: '1',
      before: redact(before),
      after: redact(value),
    });
    return settingsView(value);
  });
}
