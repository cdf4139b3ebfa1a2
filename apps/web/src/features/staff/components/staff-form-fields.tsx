import { INVITATION_TTL_DAYS, type StoreItem } from '@loyalty/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { PasswordInput } from '@/components/ui/password-input';
import { ToggleField } from '@/components/ui/toggle-field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { ROLE_LABELS } from '@/lib/labels';

/** The store list as the staff form gets it (GET /stores through TanStack Query). */
interface StoresState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * Role and Store of the staff modal (roles cashier (default) and tenant_admin
 * 'Store Admin'; store optional, empty meaning all stores, for a Store Admin only). `isSelf`:
 * one's own role cannot change. `stores`: the active stores plus the member's current one.
 */
export function RoleAndStoreFields({
  role,
  isSelf,
  stores,
  storesState,
  roleField,
  storeField,
  roleError,
  storeError,
}: {
  role: string;
  isSelf: boolean;
  stores: Pick<StoreItem, 'id' | 'name' | 'active'>[];
  storesState: StoresState;
  roleField: UseFormRegisterReturn;
  storeField: UseFormRegisterReturn;
  roleError?: string;
  storeError?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select label="Role" disabled={isSelf} error={roleError} hint={isSelf ? 'You cannot change your own role.' : undefined} {...roleField}>
        <option value="cashier">{ROLE_LABELS.cashier}</option>
        <option value="tenant_admin">{ROLE_LABELS.tenant_admin}</option>
      </Select>
      {storesState.isError ? (
        <Alert tone="error">{errorMessage(storesState.error, 'Failed to load stores')}</Alert>
      ) : (
        <Select
          label="Store"
          disabled={storesState.isPending}
          error={storeError}
          hint={role === 'tenant_admin' ? 'A Store Admin may work in all stores.' : 'A cashier works at one store.'}
          {...storeField}
        >
          <option value="">{storesState.isPending ? 'Loading stores…' : role === 'tenant_admin' ? 'All stores' : 'Select a store'}</option>
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.active ? s.name : `${s.name} (inactive)`}
            </option>
          ))}
        </Select>
      )}
    </div>
  );
}

/** The Active toggle of an existing staff member (one cannot deactivate oneself), with its message. */
export function ActiveToggle({ active, isSelf, error, onChange }: { active: boolean; isSelf: boolean; error?: string; onChange: (active: boolean) => void }) {
  return (
    <ToggleField
      label="Active"
      name="active"
      disabled={isSelf}
      checked={active}
      onChange={onChange}
      note={isSelf ? 'You cannot deactivate your own account.' : 'An inactive staff member cannot sign in, and is signed out everywhere.'}
      error={error}
    />
  );
}

/**
 * Create only: the Password the admin shares with the new member (`passwordHint`: the policy's
 * minimum) and 'Send an invitation instead'. While `invite` is on the password is
 * hidden and not asked for: the member gets an e-mailed link, valid INVITATION_TTL_DAYS (7) days,
 * to choose one.
 */
export function PasswordOrInvite({
  invite,
  onInviteChange,
  passwordField,
  passwordHint,
  passwordError,
}: {
  invite: boolean;
  onInviteChange: (invite: boolean) => void;
  passwordField: UseFormRegisterReturn;
  passwordHint?: string;
  passwordError?: string;
}) {
  return (
    <>
      {!invite && (
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          hint={`${passwordHint ? `${passwordHint}. ` : ''}Share it with the staff member; they sign in with it.`}
          error={passwordError}
          {...passwordField}
        />
      )}
      <ToggleField
        label="Send an invitation instead"
        name="invite"
        checked={invite}
        onChange={onInviteChange}
        note={`We e-mail them a link to choose their own password. The link works for ${INVITATION_TTL_DAYS} days.`}
      />
    </>
  );
}
