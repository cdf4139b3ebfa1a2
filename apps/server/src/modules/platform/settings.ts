import type { PlatformSettings } from '@loyalty/contract';
import type { RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { PlatformSettingsValue } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { lockSettings, storeSettings } from '../settings/index.ts';
import { applySessionTimeout } from '../users/index.ts';

/**
 * The operator's platform settings (docs/product.md 'Platform settings'):
 * the view and the save use case. The settings row itself is the settings module's; a changed
 * session timeout is applied to live sessions through the users module (ADR 0012).
 */

/**
 * The settings as GET /api/platform/settings shows them (contract PlatformSettings): the SMTP
 * password is never sent back: `password` is '' and `passwordSet` says whether one is stored.
 */
export function settingsView(value: PlatformSettingsValue): PlatformSettings {
  return {
    smtp: { ...value.smtp, password: '', passwordSet: value.smtp.password.length > 0 },
    security: { ...value.security },
    platform: { ...value.platform },
  };
}

/**
 * PUT /api/platform/settings (docs/product.md 'Platform settings': stored
 * server-side): writes the settings row (id 1) in one statement and returns the view of
 * `settingsView`. An empty `smtp.password` keeps the stored password; `passwordSet` of the
 * input is ignored. Writes an audit_log row 'platform.settings.update' (tenant null; the actor of
 * `ctx`; the SMTP password left out of before/after) in the same transaction, stamped `ctx.now`. Takes effect at once:
 * allowSignups (signup), trialDays and defaultPlan (new tenants), passwordMinLength (every
 * password set from now on, settings/password-policy.ts), maxLoginAttempts (the login throttle),
 * sessionTimeout (hours): new sessions get it, and when it changes the existing sessions do
 * too in the same transaction (`applySessionTimeout`: a shorter timeout cuts their remaining
 * lifetime to it).
 */
export async function savePlatformSettings(db: Database, ctx: RequestContext, input: PlatformSettings): Promise<PlatformSettings> {
  const { now } = ctx;
  return db.transaction(async (tx) => {
    const before = await lockSettings(tx);
    const { passwordSet: _ignored, ...smtp } = input.smtp;
    const value: PlatformSettingsValue = {
      smtp: { ...smtp, password: smtp.password === '' ? before.smtp.password : smtp.password },
      security: { ...input.security },
      platform: { ...input.platform },
    };
    await storeSettings(tx, value, now);
    if (value.security.sessionTimeout !== before.security.sessionTimeout) await applySessionTimeout(tx, value.security.sessionTimeout * 3600);
    const redact = (v: PlatformSettingsValue) => ({ ...v, smtp: { ...v.smtp, password: v.smtp.password ? '(set)' : '' } });
    await writeAudit(tx, {
      tenantId: null,
      ...auditActorOf(ctx),
      action: 'platform.settings.update',
      entity: 'platform_settings',
      entityId: '1',
      before: redact(before),
      after: redact(value),
    });
    return settingsView(value);
  });
}
