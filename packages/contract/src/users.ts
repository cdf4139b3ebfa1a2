import { z } from 'zod';

/**
 * Staff users. Staff creation offers only cashier and tenant_admin. Passwords: at least 6
 * characters.
 */

/** The roles a tenant admin may give. */
export const StaffRole = z.enum(['cashier', 'tenant_admin']);
export type StaffRole = z.infer<typeof StaffRole>;

const password = z.string({ error: 'Password is required' }).min(6, 'Password must be at least 6 characters long').max(200);
const storeId = z.preprocess((v) => (v === '' ? null : v), z.string().uuid('Unknown store').nullish());

/**
 * POST /api/t/{slug}/users body. storeId null = all stores (Store Admin only: a cashier needs a
 * store). Either a `password` or `invite: true` (no password; the new staff member is e-mailed a
 * link, valid 7 days, to choose one); without either the server answers 400 'Password is required'
 * on body.password.
 */
export const StaffCreateRequest = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().email('Enter a valid email address').max(200),
  password: password.optional(),
  invite: z.boolean().optional(),
  role: StaffRole.default('cashier'),
  storeId,
});
export type StaffCreateRequest = z.infer<typeof StaffCreateRequest>;

/** PUT /api/t/{slug}/users/{id} body: no e-mail, no password. */
export const StaffUpdateRequest = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  role: StaffRole,
  storeId,
  active: z.boolean(),
});
export type StaffUpdateRequest = z.infer<typeof StaffUpdateRequest>;

/** PUT /api/t/{slug}/users/{id}/password body. */
export const StaffPasswordRequest = z.object({ password });
export type StaffPasswordRequest = z.infer<typeof StaffPasswordRequest>;

/** A staff member as listed; role may be any role of the tenant's users except customer. */
export const StaffUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['platform_admin', 'tenant_admin', 'cashier']),
  storeId: z.string().nullable(),
  store: z.object({ name: z.string() }).nullable(),
  active: z.boolean(),
  /** Invited and not yet accepted: the list shows 'Invited', with Resend and Revoke. */
  invited: z.boolean(),
  /** Signs in with a second factor (TOTP): the list offers 'Reset two-factor' for a cashier. */
  twoFactorEnabled: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffUser = z.infer<typeof StaffUser>;

/** GET /api/t/{slug}/users answer: the tenant's staff (not its customers), by name. */
export const StaffListResponse = z.object({ users: z.array(StaffUser) });
export type StaffListResponse = z.infer<typeof StaffListResponse>;
