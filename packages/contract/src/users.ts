import { z } from 'zod';

/** Staff users (spec §3 'User', §5, §7 'Users'). */
export const _usersPlaceholder = z.never().optional();
