import { z } from 'zod';

/** Stores (spec §3 'Store', §5, §7 'Stores'): create and update (the list lives in cards.ts). */
export const _storesPlaceholder = z.never().optional();
