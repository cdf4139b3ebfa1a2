import { z } from 'zod';

/**
 * Stores (spec §3 'Store', §5 'Store', §7 'Stores'). The list and `StoreItem` live in
 * cards.ts (the Cards page needed them first).
 */

/** POST /api/t/{slug}/stores body; PUT /stores/{id} takes the same fields plus `active`. */
export const StoreInput = z.object({
  name: z.string({ error: 'Store name is required' }).trim().min(1, 'Store name is required').max(100),
  address: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(300).nullish()),
  active: z.boolean().optional(),
});
export type StoreInput = z.infer<typeof StoreInput>;
