import { z } from 'zod';
import { ExpiryPolicy } from './enums.ts';

/**
 * Cashback expiry and the tenant's time zone (docs/product.md 'Expiry'): the rule of
 * GET/PUT /api/t/{slug}/rules/expiry and the body of PUT /api/t/{slug}/tenant/timezone.
 */

/** Fewest and most days a lot may live under AFTER_EARN. */
export const EXPIRY_DAYS_MIN = 30;
export const EXPIRY_DAYS_MAX = 1825;
/** The 400 message of days missing under AFTER_EARN or outside 30–1825. */
export const EXPIRY_DAYS_MESSAGE = `Days must be between ${EXPIRY_DAYS_MIN} and ${EXPIRY_DAYS_MAX}`;
/** The 400 message of a time zone that is not a known IANA zone. */
export const UNKNOWN_TIME_ZONE = 'Unknown time zone';

const ExpiryDays = z
  .number({ error: EXPIRY_DAYS_MESSAGE })
  .int(EXPIRY_DAYS_MESSAGE)
  .min(EXPIRY_DAYS_MIN, EXPIRY_DAYS_MESSAGE)
  .max(EXPIRY_DAYS_MAX, EXPIRY_DAYS_MESSAGE);

/**
 * PUT /rules/expiry body: `policy` NEVER or AFTER_EARN; `days` (whole, 30–1825) is required
 * for AFTER_EARN. For NEVER it may be left out (the stored days are kept, so switching back
 * shows them); when given it must be in range and is stored.
 */
export const ExpiryRuleRequest = z
  .object({ policy: ExpiryPolicy, days: ExpiryDays.optional() })
  .refine((r) => r.policy !== 'AFTER_EARN' || r.days !== undefined, { message: EXPIRY_DAYS_MESSAGE, path: ['days'] });
export type ExpiryRuleRequest = z.infer<typeof ExpiryRuleRequest>;

/** GET and PUT /rules/expiry answer: the rule in force (NEVER/365 and updatedAt null when none was saved). */
export const ExpiryRuleResponse = z.object({ policy: ExpiryPolicy, days: z.number().int(), updatedAt: z.string().nullable() });
export type ExpiryRuleResponse = z.infer<typeof ExpiryRuleResponse>;

let zones: readonly string[] | undefined;

/** The IANA time zones this runtime knows (Intl.supportedValuesOf('timeZone')) plus 'UTC', sorted. */
export function supportedTimeZones(): readonly string[] {
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return zones;
}

/** Whether `zone` is one of `supportedTimeZones()` (exact spelling). */
export function isSupportedTimeZone(zone: string): boolean {
  return supportedTimeZones().includes(zone);
}

/** PUT /api/t/{slug}/tenant/timezone body: an IANA time zone ('Unknown time zone' otherwise). */
export const TimezoneRequest = z.object({
  timezone: z.string({ error: UNKNOWN_TIME_ZONE }).trim().max(64, UNKNOWN_TIME_ZONE).refine(isSupportedTimeZone, UNKNOWN_TIME_ZONE),
});
export type TimezoneRequest = z.infer<typeof TimezoneRequest>;
