import { INVITATION_TTL_DAYS, type StoreItem } from '@loyalty/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { PasswordInput } from '@/components/ui/password-input';
import { ToggleField } from '@/components/ui/toggle-field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { ROLE_LABELS } from '@/lib/labels';
import { useMessages } from '@/lib/i18n';
import { staffMessages } from '../messages';

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
  const t = useMessages(staffMessages);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select label={t('roleLabel')} disabled={isSelf} error={roleError} hint={isSelf ? t('roleLocked') : undefined} {...roleField}>
        <option value="cashier">{ROLE_LABELS.cashier}</option>
        <option value="tenant_admin">{ROLE_LABELS.tenant_admin}</option>
      </Select>
      {storesState.isError ? (
        <Alert tone="error">{errorMessage(storesState.error, t('storesLoadFailed'))}</Alert>
      ) : (
        <Select
          label={t('storeLabel')}
          disabled={storesState.isPending}
          error={storeError}
          hint={role === 'tenant_admin' ? t('storeAdminHint') : t('cashierHint')}
          {...storeField}
        >
          <option value="">{storesState.isPending ? t('loadingStores') : role === 'tenant_admin' ? t('allStores') : t('selectStore')}</option>
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.active ? s.name : t('storeInactive', { name: s.name })}
            </option>
          ))}
        </Select>
      )}
    </div>
  );
}

/** The Active toggle of an existing staff member (one cannot deactivate oneself), with its message. */
export function ActiveToggle({ active, isSelf, error, onChange }: { active: boolean; isSelf: boolean; error?: string; onChange: (active: boolean) => void }) {
  const t = useMessages(staffMessages);
  return (
    <ToggleField
      label={t('activeLabel')}
      name="active"
      disabled={isSelf}
      checked={active}
      onChange={onChange}
      note={isSelf ? t('selfLocked') : t('activeNote')}
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
  const t = useMessages(staffMessages);
  return (
    <>
      {!invite && (
        <PasswordInput
          label={t('passwordLabel')}
          autoComplete="new-password"
          hint={passwordHint ? t('passwordShareHintWithPolicy', { policy: passwordHint }) : t('passwordShareHint')}
          error={passwordError}
          {...passwordField}
        />
      )}
      <ToggleField label={t('inviteLabel')} name="invite" checked={invite} onChange={onInviteChange} note={t('inviteNote', { days: INVITATION_TTL_DAYS })} />
    </>
  );
}
