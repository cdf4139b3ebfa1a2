import { StaffCreateRequest, StaffRole, type StaffUser } from '@loyalty/contract';
import { z } from 'zod';
import { passwordRule } from '@/hooks/use-password-policy';
import { translate } from '@/lib/i18n';
import { staffMessages } from '../messages';

/**
 * The staff form: first name, last name, email, role required; password
 * required only on create (at least the platform's minimum `minLength`, with
 * the server's message; never below the contract's 6), and not at all when `invite` is on
 * (the member chooses it from an e-mailed link); roles Cashier and Store Admin; store
 * optional (empty = all stores) only for a Store Admin; a cashier without one is told
 * 'Select a store for this cashier'.
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
        if (!v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: translate(staffMessages, 'emailRequired') });
        else if (!email.success)
          ctx.addIssue({ code: 'custom', path: ['email'], message: email.error.issues[0]?.message ?? translate(staffMessages, 'emailInvalid') });
        const password = passwordRule(minLength).pipe(StaffCreateRequest.shape.password.unwrap()).safeParse(v.password);
        if (!v.invite && !password.success)
          ctx.addIssue({ code: 'custom', path: ['password'], message: password.error.issues[0]?.message ?? translate(staffMessages, 'passwordRequired') });
      }
      if (v.role === 'cashier' && !v.storeId) ctx.addIssue({ code: 'custom', path: ['storeId'], message: translate(staffMessages, 'cashierStoreRequired') });
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
