import { z } from 'zod';

/**
 * Stores. The list and `StoreItem` live in cards.ts (the Cards page needed them first).
 */

/** Range of a store's daily cap of online sign-ups (ADR 0027), and its default. */
export const SELF_ENROLMENT_DAILY_CAP_MIN = 1;
export const SELF_ENROLMENT_DAILY_CAP_MAX = 1000;
export const SELF_ENROLMENT_DAILY_CAP_DEFAULT = 50;
/** Most stores a business may have, active or not, whatever its plan (docs/product.md 'Card quota', ADR 0045): bounds every list of stores. */
export const STORES_PER_BUSINESS_MAX = 1000;
/** Refusal of a store beyond STORES_PER_BUSINESS_MAX (422 BUSINESS_RULE). */
export const STORES_FULL = 'A business can have at most 1,000 stores';

/** Refusal of a daily cap out of range. */
export const DAILY_CAP_RANGE = `Enter a whole number from ${SELF_ENROLMENT_DAILY_CAP_MIN} to ${SELF_ENROLMENT_DAILY_CAP_MAX}`;

/**
 * POST /api/t/{slug}/stores body; PUT /stores/{id} takes the same fields plus `active`.
 * `selfEnrolment` (docs/product.md 'Online sign-up'): whether the store's 'Join our rewards'
 * page takes sign-ups; on create it defaults to false (the Store Admin turns it on, ADR 0027), on update an absent value keeps the stored one.
 */
export const StoreInput = z.object({
  name: z.string({ error: 'Store name is required' }).trim().min(1, 'Store name is required').max(100),
  address: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(300).nullish()),
  active: z.boolean().optional(),
  selfEnrolment: z.boolean().optional(),
  /**
   * Cards that online sign-ups of the store may create per day (the business's time zone;
   * ADR 0027): 1 to 1000, default 50 on create; absent on update keeps the stored one.
   */
  selfEnrolmentDailyCap: z
    .number({ error: DAILY_CAP_RANGE })
    .int(DAILY_CAP_RANGE)
    .min(SELF_ENROLMENT_DAILY_CAP_MIN, DAILY_CAP_RANGE)
    .max(SELF_ENROLMENT_DAILY_CAP_MAX, DAILY_CAP_RANGE)
    .optional(),
});
export type StoreInput = z.infer<typeof StoreInput>;

/** Paper sizes of the 'Join our rewards' poster: A4 (210 × 297 mm) and US Letter (8.5 × 11 in). */
export const PosterPaper = z.enum(['a4', 'letter']);
export type PosterPaper = z.infer<typeof PosterPaper>;

/** GET /api/t/{slug}/stores/{storeId}/poster?paper=a4|letter; paper defaults to a4. Answer: one PDF. */
export const JoinPosterQuery = z.object({ paper: PosterPaper.default('a4') });
export type JoinPosterQuery = z.infer<typeof JoinPosterQuery>;
