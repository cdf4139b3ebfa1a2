import { z } from 'zod';

/** Customers (spec §3 'Customer', §5, §7 'Customers'): list, create, read, update, delete. */
export const _customersPlaceholder = z.never().optional();
