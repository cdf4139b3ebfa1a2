import { StaffCreateRequest, StaffRole, type StaffUser } from '@loyalty/contract';
import { z } from 'zod';
import { passwordRule } from '@/hooks/use-password-policy';

/** Success toasts and fallback failure texts. */
export const STAFF_MESSAGES = {
  created: 'Staff member created successfully',
  updated: 'Staff member updated successfully',
  createFailed: 'Failed to create staff member. Please try again.',
  updateFailed: 'Failed to update staff member. Please try again.',
} as const;

/**
 * Toasts and fallback failure texts of invitations: sent on create, sent again,
 * revoked. The e-mail is the invited member's address.
 */
export const INVITATION_MESSAGES = {
  sent: (email: string) => `Invitation sent to ${email}`,
  resent: (email: string) => `Invitation sent again to ${email}`,
  revoked: 'Invitation revoked',
  resendFailed: 'Failed to resend the invitation. Please try again.',
  revokeFailed: 'Failed to revoke the invitation. Please try again.',
} as const;

/** Message under the store select when a cashier has none (cashiers should have a specific store). */
const CASHIER_STORE_REQUIRED = 'Select a store for this cashier';

/**
 * The staff form: first name, last name, email, role required; password
 * required only on create (at least the platform's minimum `minLength`, with
 * the server's message; never below the contract's 6), and not at all when `invite` is on
 * (the member chooses it from an e-mailed link); roles Cashier and Store Admin; store
 * optional (empty = all stores) only for a Store Admin.
 */
export const staffFormSchema = (minLength: number) =>
  z
    .object({
      mode: z.enum(['create', 'edit']),
      firstName: StaffCreateRequest.shape.firstName,
      lastName: StaffCreateRequest.shape.lastName,
      email: z.string().trim(),
      password: z.string(),
      invite: z.boolean(),
      role: StaffRole,
      storeId: z.string(),
      active: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'create') {
        const email = StaffCreateRequest.shape.email.safeParse(v.email);
        if (!v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required' });
        else if (!email.success) ctx.addIssue({ code: 'custom', path: ['email'], message: email.error.issues[0]?.message ?? 'Enter a valid email address' });
        const password = passwordRule(minLength).pipe(StaffCreateRequest.shape.password.unwrap()).safeParse(v.password);
        if (!v.invite && !password.success)
          ctx.addIssue({ code: 'custom', path: ['password'], message: password.error.issues[0]?.message ?? 'Password is required' });
      }
      if (v.role === 'cashier' && !v.storeId) ctx.addIssue({ code: 'custom', path: ['storeId'], message: CASHIER_STORE_REQUIRED });
    });
/** Values of the staff form (`mode` tells create from edit). */
export type StaffFormValues = z.infer<ReturnType<typeof staffFormSchema>>;
/** The form's fields that a server error may point at. */
export const FORM_FIELDS = ['firstName', 'lastName', 'email', 'password', 'role', 'storeId', 'active'] as const;

/**
 * The form's role for a user: a platform_admin listed among the staff is edited as a Store
 * Admin (the form offers only cashier and tenant_admin).
 */
export function formRole(role: StaffUser['role']): StaffRole {
  return role === 'cashier' ? 'cashier' : 'tenant_admin';
}
