import { z } from 'zod';

/** Reports (spec §3, §7): the dashboard figures and the CSV exports' query. */
export const _reportsPlaceholder = z.never().optional();
