import { useId, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { StaffCreateRequest, StaffRole, type StaffUser } from '@loyalty/contract';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useStores } from '@/api/get-stores';
import { passwordRule, usePasswordPolicy } from '@/hooks/use-password-policy';
import { isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { useCreateStaff } from '../api/create-staff';
import { saveErrorMessage, serverFieldErrors } from '@/lib/server-field-errors';
import { useUpdateStaff } from '../api/update-staff';
import { ActiveToggle, RoleAndStoreFields } from './staff-form-fields';

/** Success toasts and fallback failure texts (spec §8 'Staff'). */
export const STAFF_MESSAGES = {
  created: 'Staff member created successfully',
  updated: 'Staff member updated successfully',
  createFailed: 'Failed to create staff member. Please try again.',
  updateFailed: 'Failed to update staff member. Please try again.',
} as const;

/** Message under the store select when a cashier has none (spec §5: cashiers should have a specific store). */
export const CASHIER_STORE_REQUIRED = 'Select a store for this cashier';

/**
 * The staff form (spec §5 'Staff'): first name, last name, email, role required; password
 * required only on create (at least the platform's minimum `minLength`, issue 12 item 8, with
 * the server's message; never below the contract's 6); roles Cashier and Store Admin; store
 * optional (empty = all stores) only for a Store Admin.
 */
const staffFormSchema = (minLength: number) => z
  .object({
    mode: z.enum(['create', 'edit']),
    firstName: StaffCreateRequest.shape.firstName,
    lastName: StaffCreateRequest.shape.lastName,
    email: z.string().trim(),
    password: z.string(),
    role: StaffRole,
    storeId: z.string(),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'create') {
      const email = StaffCreateRequest.shape.email.safeParse(v.email);
      if (!v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required' });
      else if (!email.success) ctx.addIssue({ code: 'custom', path: ['email'], message: email.error.issues[0]?.message ?? 'Enter a valid email address' });
      const password = passwordRule(minLength).pipe(StaffCreateRequest.shape.password).safeParse(v.password);
      if (!password.success) ctx.addIssue({ code: 'custom', path: ['password'], message: password.error.issues[0]?.message ?? 'Password is required' });
    }
    if (v.role === 'cashier' && !v.storeId) ctx.addIssue({ code: 'custom', path: ['storeId'], message: CASHIER_STORE_REQUIRED });
  });
type StaffFormValues = z.infer<ReturnType<typeof staffFormSchema>>;
/** The form's fields that a server error may point at. */
const FORM_FIELDS = ['firstName', 'lastName', 'email', 'password', 'role', 'storeId', 'active'] as const;

/**
 * The form's role for a user: a platform_admin listed among the staff is edited as a Store
 * Admin (spec §2 'Staff Management': the form offers only cashier and tenant_admin).
 */
export function formRole(role: StaffUser['role']): StaffRole {
  return role === 'cashier' ? 'cashier' : 'tenant_admin';
}

/**
 * 'Add New Staff Member' / 'Edit Staff Member' modal (spec §2 'Staff Management', §5 'Staff',
 * §8 'Staff'). On edit the email is shown but disabled, the password is hidden (a separate
 * 'Reset password' action changes it) and an Active toggle appears; a platform_admin is shown as
 * Store Admin. Your own account's role and active flag are locked (you could lock yourself
 * out). Success: 'Staff member created successfully' / 'Staff member updated successfully', the
 * form resets and the modal closes. Failure: the server's text, else the spec's fallback.
 *
 * `user`: the staff member to edit, or null to create.
 */
export function StaffFormDialog({ slug, open, user, onClose }: { slug: string; open: boolean; user: StaffUser | null; onClose: () => void }) {
  const create = useCreateStaff(slug);
  const update = useUpdateStaff(slug);
  const pending = create.isPending || update.isPending;
  const formId = useId();
  const editing = user !== null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={editing ? 'Edit Staff Member' : 'Add New Staff Member'}
      description={editing ? 'Update this person’s details, role, store or access.' : 'Give a team member their own sign-in for the POS and back office.'}
      dismissible={!pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {editing ? 'Save Changes' : 'Add Staff Member'}
          </Button>
        </>
      }
    >
      <StaffForm key={user?.id ?? 'new'} slug={slug} formId={formId} user={user} create={create} update={update} onDone={onClose} />
    </Dialog>
  );
}

function StaffForm({
  slug,
  formId,
  user,
  create,
  update,
  onDone,
}: {
  slug: string;
  formId: string;
  user: StaffUser | null;
  create: ReturnType<typeof useCreateStaff>;
  update: ReturnType<typeof useUpdateStaff>;
  onDone: () => void;
}) {
  const me = useAuthStore((s) => s.user);
  const isSelf = user !== null && me?.id === user.id;
  const stores = useStores(slug);
  const policy = usePasswordPolicy();
  const schema = useMemo(() => staffFormSchema(policy.minLength), [policy.minLength]);
  const form = useForm<StaffFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      mode: user ? 'edit' : 'create',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      password: '',
      role: user ? formRole(user.role) : 'cashier',
      storeId: user?.storeId ?? '',
      active: user?.active ?? true,
    },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });
  const active = useWatch({ control: form.control, name: 'active' });

  // Active stores, plus the user's current store even if it was deactivated since.
  const storeOptions = (stores.data?.stores ?? []).filter((s) => s.active || s.id === user?.storeId);

  const onSubmit = form.handleSubmit((v) => {
    const storeId = v.storeId || null;
    const onError = (fallback: string) => (err: unknown) => {
      const message = saveErrorMessage(err, fallback);
      for (const { field, message: text } of serverFieldErrors(err, FORM_FIELDS)) form.setError(field, { message: text });
      if (!user && isApiError(err, 409) && !form.getFieldState('email').error) form.setError('email', { message });
      toast.error(message);
    };
    const done = (message: string) => () => {
      toast.success(message);
      form.reset();
      onDone();
    };
    if (user) {
      update.mutate(
        { id: user.id, body: { firstName: v.firstName, lastName: v.lastName, role: v.role, storeId, active: v.active } },
        { onSuccess: done(STAFF_MESSAGES.updated), onError: onError(STAFF_MESSAGES.updateFailed) },
      );
    } else {
      create.mutate(
        { firstName: v.firstName, lastName: v.lastName, email: v.email.toLowerCase(), password: v.password, role: v.role, storeId },
        { onSuccess: done(STAFF_MESSAGES.created), onError: onError(STAFF_MESSAGES.createFailed) },
      );
    }
  });

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="First name" autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
        <Input label="Last name" autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <Input
        label="Email"
        type="email"
        autoComplete="off"
        disabled={user !== null}
        hint={user ? 'The email is the sign-in name and cannot be changed.' : undefined}
        error={errors.email?.message}
        {...form.register('email')}
      />
      {!user && (
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          hint={`${policy.hint ? `${policy.hint}. ` : ''}Share it with the staff member; they sign in with it.`}
          error={errors.password?.message}
          {...form.register('password')}
        />
      )}
      <RoleAndStoreFields
        role={role}
        isSelf={isSelf}
        stores={storeOptions}
        storesState={stores}
        roleField={form.register('role', { onChange: () => form.formState.isSubmitted && void form.trigger('storeId') })}
        storeField={form.register('storeId', { onChange: () => form.formState.isSubmitted && void form.trigger('storeId') })}
        roleError={errors.role?.message}
        storeError={errors.storeId?.message}
      />
      {user && <ActiveToggle active={active} isSelf={isSelf} error={errors.active?.message} onChange={(on) => form.setValue('active', on, { shouldDirty: true })} />}
    </form>
  );
}
