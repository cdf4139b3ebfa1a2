import { z } from 'zod';

/**
 * The end-of-day report (docs/product.md 'Reports'): a day's movements at the till, per store and
 * per staff member, for the cash-up. Money in integer cents; the day is the business's.
 */

/** GET /api/t/{slug}/reports/end-of-day query: the day (YYYY-MM-DD, default today in the business's time zone) and optionally one store. */
export const EndOfDayQuery = z.object({
  date: z.string().date('Date must be a date (YYYY-MM-DD)').optional(),
  storeId: z.string().uuid('Unknown store').optional(),
});
export type EndOfDayQuery = z.infer<typeof EndOfDayQuery>;

const Count = z.number().int();
const Cents = z.number().int();

/**
 * A day's movements of one staff member, one store or all: purchases (EARN: the purchase amount and
 * the cashback issued), redemptions, refunds (the amount refunded and the claw-back taken back),
 * voids (the amount put back), adjustments (signed), add funds, bonuses, expiries; `netCents` is
 * the balance change of all of them (Σ after − before).
 */
export const EndOfDayFigures = z.object({
  purchases: z.object({ count: Count, amountCents: Cents, cashbackCents: Cents }),
  redemptions: z.object({ count: Count, amountCents: Cents }),
  refunds: z.object({ count: Count, amountCents: Cents, clawbackCents: Cents }),
  voids: z.object({ count: Count, amountCents: Cents }),
  adjustments: z.object({ count: Count, amountCents: Cents }),
  addFunds: z.object({ count: Count, amountCents: Cents }),
  bonuses: z.object({ count: Count, amountCents: Cents }),
  expiries: z.object({ count: Count, amountCents: Cents }),
  netCents: Cents,
});
export type EndOfDayFigures = z.infer<typeof EndOfDayFigures>;

/** Who made movements: a staff member (`user`), an /api/v1 key (`apiKey`), or the system (jobs, paid checkouts). */
export const EndOfDayStaff = z.object({
  kind: z.enum(['user', 'apiKey', 'system']),
  id: z.string().nullable(),
  name: z.string(),
  figures: EndOfDayFigures,
});
export type EndOfDayStaff = z.infer<typeof EndOfDayStaff>;

/** GET /api/t/{slug}/reports/end-of-day: the day's figures per store (by name) and within it per staff member (by name), and the totals. */
export const EndOfDayReport = z.object({
  date: z.string(),
  timezone: z.string(),
  storeId: z.string().nullable(),
  stores: z.array(z.object({ storeId: z.string().nullable(), storeName: z.string(), figures: EndOfDayFigures, staff: z.array(EndOfDayStaff) })),
  totals: EndOfDayFigures,
});
export type EndOfDayReport = z.infer<typeof EndOfDayReport>;
