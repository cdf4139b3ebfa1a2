import type { StaffUser } from '@loyalty/contract';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { useCreateStaff } from '../api/create-staff';
import { useUpdateStaff } from '../api/update-staff';
import { useStaffForm } from '../hooks/use-staff-form';
import { ActiveToggle, PasswordOrInvite, RoleAndStoreFields } from './staff-form-fields';
import { useMessages } from '@/lib/i18n';
import { staffMessages } from '../messages';

/**
 * 'Add New Staff Member' / 'Edit Staff Member' modal. On create 'Send an invitation instead' hides
 * the password: the member is e-mailed a link to choose one ('Invitation sent to {email}'). On edit
 * the email is shown but disabled, the password is hidden (a separate 'Reset password' action
 * changes it) and an Active toggle appears; a platform_admin is shown as Store Admin. Your own
 * account's role and active flag are locked (you could lock yourself out). Success: 'Staff member
 * created successfully' / 'Staff member updated successfully', the form resets and the modal
 * closes. Failure: the server's text, else the screen's fallback.
 *
 * `user`: the staff member to edit, or null to create.
 */
export function StaffFormDialog({ slug, open, user, onClose }: { slug: string; open: boolean; user: StaffUser | null; onClose: () => void }) {
  const t = useMessages(staffMessages);
  const create = useCreateStaff(slug);
  const update = useUpdateStaff(slug);
  const pending = create.isPending || update.isPending;
  const editing = user !== null;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title={editing ? t('editTitle') : t('createTitle')}
      description={editing ? t('editDescription') : t('createDescription')}
      pending={pending}
      submitLabel={editing ? t('saveChanges') : t('addStaff')}
    >
      {(formId) => <StaffForm key={user?.id ?? 'new'} slug={slug} formId={formId} user={user} create={create} update={update} onDone={onClose} />}
    </FormDialog>
  );
}

/** The staff form's body (see `StaffFormDialog`); state and submit live in `useStaffForm`. */
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
  const t = useMessages(staffMessages);
  const { form, onSubmit, isSelf, stores, storeOptions, policy } = useStaffForm({ slug, user, create, update, onDone });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });
  const active = useWatch({ control: form.control, name: 'active' });
  const invite = useWatch({ control: form.control, name: 'invite' });
  const onInviteChange = (on: boolean) => {
    form.setValue('invite', on, { shouldDirty: true });
    if (on) form.clearErrors('password');
  };

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t('firstNameLabel')} autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
        <Input label={t('lastNameLabel')} autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <Input
        label={t('emailLabel')}
        type="email"
        autoComplete="off"
        disabled={user !== null}
        hint={user ? t('emailLocked') : undefined}
        error={errors.email?.message}
        {...form.register('email')}
      />
      {!user && (
        <PasswordOrInvite
          invite={invite}
          onInviteChange={onInviteChange}
          passwordField={form.register('password')}
          passwordHint={policy.hint}
          passwordError={errors.password?.message}
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
      {user && (
        <ActiveToggle active={active} isSelf={isSelf} error={errors.active?.message} onChange={(on) => form.setValue('active', on, { shouldDirty: true })} />
      )}
    </form>
  );
}
