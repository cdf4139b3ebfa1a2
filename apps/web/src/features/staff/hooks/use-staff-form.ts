import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { StaffUser } from '@loyalty/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { useStores } from '@/api/get-stores';
import { usePasswordPolicy } from '@/hooks/use-password-policy';
import { isApiError } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { saveErrorMessage, serverFieldErrors } from '@/lib/server-field-errors';
import type { useCreateStaff } from '../api/create-staff';
import type { useUpdateStaff } from '../api/update-staff';
import { FORM_FIELDS, formRole, staffFormSchema, type StaffFormValues } from '../components/staff-form-schema';
import { translate } from '@/lib/i18n';
import { staffMessages } from '../messages';

/**
 * State and submit of the staff form. `user` is the staff member to edit, or null to create.
 * Validation: `staffFormSchema` with the platform's minimum password length (`usePasswordPolicy`).
 * Submit sends create (email lower-cased, password; or, with 'Send an invitation instead' on,
 * `invite: true` and no password) or update (no email / password); an empty store is sent as null
 * (all stores). Success: toast ('Invitation sent to {email}' for an invitation), reset, `onDone()`.
 * Failure: the server's field errors on their fields, a 409 on create on the email, and a toast
 * with the server's text, else the screen's fallback. Also gives `isSelf` (editing your own
 * account: role and active are locked), the stores query and `storeOptions` (active stores plus the
 * user's current store even if it was deactivated since) and the password `policy`.
 */
export function useStaffForm({
  slug,
  user,
  create,
  update,
  onDone,
}: {
  slug: string;
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
      invite: false,
      role: user ? formRole(user.role) : 'cashier',
      storeId: user?.storeId ?? '',
      active: user?.active ?? true,
    },
  });
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
        { onSuccess: done(translate(staffMessages, 'updated')), onError: onError(translate(staffMessages, 'updateFailed')) },
      );
    } else {
      const email = v.email.toLowerCase();
      const secret = v.invite ? { invite: true } : { password: v.password };
      create.mutate(
        { firstName: v.firstName, lastName: v.lastName, email, ...secret, role: v.role, storeId },
        {
          onSuccess: done(v.invite ? translate(staffMessages, 'invitationSent', { email }) : translate(staffMessages, 'created')),
          onError: onError(translate(staffMessages, 'createFailed')),
        },
      );
    }
  });

  return { form, onSubmit, isSelf, stores, storeOptions, policy };
}
