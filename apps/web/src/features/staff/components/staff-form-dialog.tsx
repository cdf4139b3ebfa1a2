import { useId, useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { StaffCreateRequest, StaffRole, type StaffUser } from '@loyalty/contract';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useStores } from '@/features/cards/api/get-stores';
import { passwordRule, usePasswordPolicy } from '@/hooks/use-password-policy';
import { errorMessage, isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { ROLE_LABELS } from '@/lib/format';
import { useCreateStaff } from '../api/create-staff';
import { saveErrorMessage, serverFieldErrors } from '../lib/server-field-errors';
import { useUpdateStaff } from '../api/update-staff';

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
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Role"
          disabled={isSelf}
          error={errors.role?.message}
          hint={isSelf ? 'You cannot change your own role.' : undefined}
          {...form.register('role', { onChange: () => form.formState.isSubmitted && void form.trigger('storeId') })}
        >
          <option value="cashier">{ROLE_LABELS.cashier}</option>
          <option value="tenant_admin">{ROLE_LABELS.tenant_admin}</option>
        </Select>
        {stores.isError ? (
          <Alert tone="error">{errorMessage(stores.error, 'Failed to load stores')}</Alert>
        ) : (
          <Select
            label="Store"
            disabled={stores.isPending}
            error={errors.storeId?.message}
            hint={role === 'tenant_admin' ? 'A Store Admin may work in all stores.' : 'A cashier works at one store.'}
            {...form.register('storeId', { onChange: () => form.formState.isSubmitted && void form.trigger('storeId') })}
          >
            <option value="">{stores.isPending ? 'Loading stores…' : role === 'tenant_admin' ? 'All stores' : 'Select a store'}</option>
            {storeOptions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.active ? s.name : `${s.name} (inactive)`}
              </option>
            ))}
          </Select>
        )}
      </div>
      {user && (
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
          <Checkbox label="Active" name="active" disabled={isSelf} checked={active} onChange={(e) => form.setValue('active', e.target.checked, { shouldDirty: true })} />
          <p className="mt-1 pl-6 text-xs text-slate-500">
            {isSelf ? 'You cannot deactivate your own account.' : 'An inactive staff member cannot sign in, and is signed out everywhere.'}
          </p>
          {errors.active?.message && (
            <p role="alert" className="mt-1 pl-6 text-sm text-red-600">
              {errors.active.message}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
