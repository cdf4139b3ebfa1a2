import { z } from 'zod';

/**
 * The offline till (docs/product.md 'Offline till'): what a Store Admin allows a till to do
 * without a connection, and the sync conflicts: movements made offline that the server refused
 * when they arrived. Money is integer cents.
 */

/** The largest offline redemption cap: $1,000.00 in cents. */
export const OFFLINE_CAP_MAX_CENTS = 100_000;

const capCents = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole cents`)
    .min(1, `${label} must be between $0.01 and $1,000.00`)
    .max(OFFLINE_CAP_MAX_CENTS, `${label} must be between $0.01 and $1,000.00`);

/**
 * GET (staff) and PUT (Store Admin) /api/t/{slug}/rules/offline: offline redemptions are off
 * until a Store Admin allows them, up to a cap per redemption and per card a day; the business
 * carries the risk of a redemption the card could no longer pay when it arrives.
 */
export const OfflineSettings = z.object({
  redemptions: z.object({
    enabled: z.boolean(),
    maxPerTransactionCents: capCents('Most per offline redemption'),
    maxPerCardPerDayCents: capCents('Most redeemed offline per card a day'),
  }),
});
export type OfflineSettings = z.infer<typeof OfflineSettings>;

/** A business that never saved: offline redemptions refused, with caps to start from. */
export const DEFAULT_OFFLINE_SETTINGS: OfflineSettings = {
  redemptions: { enabled: false, maxPerTransactionCents: 2000, maxPerCardPerDayCents: 5000 },
};

/** Message of an offline redemption the business does not allow, or over a cap. */
export const OFFLINE_REDEMPTION_TEXT = {
  notAllowed: 'Redemptions need a connection',
  overTransactionCap: 'This offline redemption is over the most allowed per redemption',
  overCardCap: 'This card reached the most it may redeem offline today',
} as const;

/**
 * Refusals of a movement's `occurredAt`: over 72 hours old (422 BUSINESS_RULE, a sync conflict:
 * the movement is real but arrived too late) or in the future (400: the till's clock is wrong).
 */
export const OFFLINE_MOVEMENT_TEXT = {
  tooOld: 'This was made offline more than 72 hours ago and can no longer be accepted',
  inFuture: 'occurredAt cannot be in the future',
} as const;

/** A sync conflict's state: waiting for a Store Admin, or resolved by one. */
export const SyncConflictStatus = z.enum(['OPEN', 'RESOLVED']);
export type SyncConflictStatus = z.infer<typeof SyncConflictStatus>;

const named = z.object({ id: z.string().max(36), name: z.string().max(400) });

/**
 * One sync conflict: a movement made offline (`kind`, card, amount in cents, when it happened)
 * that the server refused when it arrived (`receivedAt`), with the refusal's code and message.
 * Times ISO-8601.
 */
export const SyncConflictItem = z.object({
  id: z.string().max(36),
  kind: z.enum(['EARN', 'REDEEM']),
  cardUid: z.string().max(200),
  amountCents: z.number().int(),
  occurredAt: z.string().max(40),
  receivedAt: z.string().max(40),
  code: z.string().max(40),
  message: z.string().max(500),
  staff: named.nullable(),
  store: named.nullable(),
  status: SyncConflictStatus,
  resolvedAt: z.string().max(40).nullable(),
  resolvedBy: z.string().max(400).nullable(),
});
export type SyncConflictItem = z.infer<typeof SyncConflictItem>;

/** GET /api/t/{slug}/sync-conflicts query: OPEN (default) or ALL, newest first, at most 200. */
export const SyncConflictListQuery = z.object({ status: z.enum(['OPEN', 'ALL']).default('OPEN') });
export type SyncConflictListQuery = z.infer<typeof SyncConflictListQuery>;

/** GET /api/t/{slug}/sync-conflicts answer. */
export const SyncConflictList = z.object({ items: z.array(SyncConflictItem).max(200), openCount: z.number().int() });
export type SyncConflictList = z.infer<typeof SyncConflictList>;

/** Message of a 409 on a conflict already resolved. */
export const SYNC_CONFLICT_RESOLVED = 'This conflict was already resolved';
