import type { StaffUser } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { KeyRound, Pencil, Send, ShieldOff, UserX } from 'lucide-react';
import { Table, type Column } from '@/components/ui/table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { ROLE_COLORS, ROLE_LABELS } from '@/lib/labels';
import { useMessages, type Translate } from '@/lib/i18n';
import { staffMessages } from '../messages';
import { initials, staffName } from './labels';

/** The `t` of the staff catalog, for the helpers below that are no components. */
type StaffT = Translate<typeof staffMessages.en>;

/** What a row can ask the page to do. */
export interface StaffRowActions {
  onEdit: (user: StaffUser) => void;
  /** Not offered to an invited member (they have no password yet). */
  onResetPassword: (user: StaffUser) => void;
  /** An invited member only: e-mail a new link. */
  onResendInvitation: (user: StaffUser) => void;
  /** An invited member only: ask to revoke the invitation (removes the pending account). */
  onRevokeInvitation: (user: StaffUser) => void;
  /** A cashier with two-factor on only: ask to reset it (a lost phone). */
  onResetTwoFactor: (user: StaffUser) => void;
  /** The member whose invitation is being resent: its Resend button spins. */
  resendingId?: string;
}

/** 'Never' when the user has not signed in yet, else 'Jan 5, 2026, 3:04 PM'. */
function lastLoginLabel(lastLogin: string | null, t: StaffT): string {
  return lastLogin ? formatDateTime(lastLogin) : t('never');
}

function Avatar({ user }: { user: StaffUser }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
        user.active ? 'bg-indigo-100 text-indigo-700' : 'bg-slate-100 text-slate-600',
      )}
    >
      {initials(user)}
    </span>
  );
}

const RoleBadge = ({ user }: { user: StaffUser }) => <Badge color={ROLE_COLORS[user.role]}>{ROLE_LABELS[user.role]}</Badge>;
/** 'Invited' (blue) while an invitation is pending, else 'Active' (green) or 'Inactive' (grey). */
function StatusBadge({ user }: { user: StaffUser }) {
  const t = useMessages(staffMessages);
  return user.invited ? (
    <Badge color="blue">{t('invited')}</Badge>
  ) : (
    <Badge color={user.active ? 'green' : 'grey'}>{user.active ? t('active') : t('inactive')}</Badge>
  );
}
const storeLabel = (user: StaffUser, t: StaffT) => user.store?.name ?? t('allStores');

/** Edit, then Reset password, or for an invited member Resend invitation and Revoke invitation (ADR 0018); Reset two-factor for a cashier who has it on. */
function RowButtons({ user, actions, compact }: { user: StaffUser; actions: StaffRowActions; compact?: boolean }) {
  const t = useMessages(staffMessages);
  const name = staffName(user);
  // Words beside the icons only where the table has the room (at 1280 px they pushed the column out of view).
  const text = compact ? undefined : 'hidden 2xl:inline';
  const inviteText = text;
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="sm" className="whitespace-nowrap" onClick={() => actions.onEdit(user)} aria-label={t('editLabel', { name })}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
        <span className={text}>{t('edit')}</span>
      </Button>
      {user.invited ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            className="whitespace-nowrap"
            loading={actions.resendingId === user.id}
            onClick={() => actions.onResendInvitation(user)}
            aria-label={t('resendLabel', { name })}
            title={t('resendTitle')}
          >
            {actions.resendingId !== user.id && <Send aria-hidden="true" className="h-4 w-4" />}
            <span className={inviteText}>{t('resend')}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="whitespace-nowrap"
            onClick={() => actions.onRevokeInvitation(user)}
            aria-label={t('revokeLabel', { name })}
            title={t('revokeTitle')}
          >
            <UserX aria-hidden="true" className="h-4 w-4" />
            <span className={inviteText}>{t('revoke')}</span>
          </Button>
        </>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className="whitespace-nowrap"
          onClick={() => actions.onResetPassword(user)}
          aria-label={t('resetPasswordLabel', { name })}
          title={t('resetPassword')}
        >
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          <span className={text}>{t('resetPassword')}</span>
        </Button>
      )}
      {user.twoFactorEnabled && user.role === 'cashier' && (
        <Button
          variant="ghost"
          size="sm"
          className="whitespace-nowrap"
          onClick={() => actions.onResetTwoFactor(user)}
          aria-label={t('resetTwoFactorLabel', { name })}
          title={t('resetTwoFactor')}
        >
          <ShieldOff aria-hidden="true" className="h-4 w-4" />
          <span className={text}>{t('resetTwoFactor')}</span>
        </Button>
      )}
    </div>
  );
}

function NameCell({ user, meId, className }: { user: StaffUser; meId?: string; className?: string }) {
  const t = useMessages(staffMessages);
  return (
    <>
      <p className="truncate font-medium text-slate-900">
        {staffName(user)}
        {user.id === meId && <span className="ml-2 text-xs font-normal text-slate-500">{t('you')}</span>}
      </p>
      <p className={cn('truncate text-slate-500', className)} title={user.email}>
        {user.email}
      </p>
    </>
  );
}

const columns = (t: StaffT, meId?: string): Column<StaffUser>[] => [
  {
    id: 'member',
    header: t('columnMember'),
    headerClassName: 'px-5',
    // A long e-mail is cut (with its title) rather than pushing the actions out of view.
    className: 'px-5 max-w-[17rem]',
    cell: (user) => (
      <div className="flex items-center gap-3">
        <Avatar user={user} />
        <div className="min-w-0">
          <NameCell user={user} meId={meId} />
        </div>
      </div>
    ),
  },
  { id: 'role', header: t('columnRole'), cell: (user) => <RoleBadge user={user} /> },
  {
    id: 'store',
    header: t('columnStore'),
    cell: (user) => <span className={user.store ? 'text-slate-700' : 'text-slate-500 italic'}>{storeLabel(user, t)}</span>,
  },
  { id: 'status', header: t('columnStatus'), cell: (user) => <StatusBadge user={user} /> },
  { id: 'login', header: t('columnLastLogin'), className: 'whitespace-nowrap text-slate-600', cell: (user) => lastLoginLabel(user.lastLogin, t) },
];

/** One staff member on a phone: avatar, name, e-mail, role and status, store, last login and the buttons. */
function StaffCard({ user, meId, actions }: { user: StaffUser; meId?: string; actions: StaffRowActions }) {
  const t = useMessages(staffMessages);
  return (
    <>
      <div className="flex items-start gap-3">
        <Avatar user={user} />
        <div className="min-w-0 flex-1">
          <NameCell user={user} meId={meId} className="text-sm" />
          <div className="mt-2 flex flex-wrap gap-1.5">
            <RoleBadge user={user} />
            <StatusBadge user={user} />
          </div>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">{t('columnStore')}</dt>
          <dd className={user.store ? 'text-slate-800' : 'italic text-slate-500'}>{storeLabel(user, t)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('columnLastLogin')}</dt>
          <dd className="text-slate-800">{lastLoginLabel(user.lastLogin, t)}</dd>
        </div>
      </dl>
      <div className="mt-2 border-t border-slate-100 pt-2">
        <RowButtons user={user} actions={actions} compact />
      </div>
    </>
  );
}

/**
 * The staff list: on wide screens a table with the columns Staff Member (name and e-mail), Role,
 * Store ('All stores' when none), Status, Last Login ('Never' when null; short month, day and time)
 * and Actions (Edit, Reset password; for an invited member Status 'Invited' and Resend invitation,
 * Revoke invitation instead); on phones the same facts as a list of cards. `meId` marks the
 * signed-in user's row ('You'). `loading` shows placeholder rows, `empty` replaces an empty list.
 */
export function StaffTable({
  users,
  actions,
  meId,
  busy,
  loading,
  empty,
}: {
  users: StaffUser[];
  actions: StaffRowActions;
  meId?: string;
  busy?: boolean;
  loading?: boolean;
  empty?: ReactNode;
}) {
  const t = useMessages(staffMessages);
  return (
    <Table
      caption={t('tableLabel')}
      listLabel={t('tableLabel')}
      columns={[
        ...columns(t, meId),
        {
          id: 'actions',
          header: t('columnActions'),
          align: 'right',
          headerClassName: 'px-5',
          className: 'px-5',
          cell: (user) => <RowButtons user={user} actions={actions} />,
        },
      ]}
      rows={users}
      rowKey={(user) => user.id}
      rowProps={(user) => ({
        'data-active': String(user.active),
        'data-invited': String(user.invited),
        className: cn('text-sm', !user.active && 'text-slate-500'),
      })}
      renderCard={(user) => <StaffCard user={user} meId={meId} actions={actions} />}
      cardProps={() => ({ className: 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm' })}
      listClassName="space-y-3"
      framed
      loading={loading}
      loadingLabel={t('loadingStaff')}
      empty={empty}
      busy={busy}
    />
  );
}
