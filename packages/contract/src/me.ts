import { z } from 'zod';

/** The customer's own account (issue 4, customer self-service). */
export const _mePlaceholder = z.never().optional();
