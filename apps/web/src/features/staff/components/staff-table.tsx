import type { StaffUser } from '@loyalty/contract';
import { KeyRound, Pencil } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime, ROLE_LABELS } from '@/lib/format';
import { initials, ROLE_COLORS, staffName } from './labels';

/** What a row can ask the page to do. */
export interface StaffRowActions {
  onEdit: (user: StaffUser) => void;
  onResetPassword: (user: StaffUser) => void;
}

/** 'Never' when the user has not signed in yet, else 'Jan 5, 2026, 3:04 PM' (spec §9). */
export function lastLoginLabel(lastLogin: string | null): string {
  return lastLogin ? formatDateTime(lastLogin) : 'Never';
}

function Avatar({ user }: { user: StaffUser }) {
  return (
    <span
      aria-hidden="true"
      className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold', user.active ? 'bg-indigo-100 text-indigo-700' : 'bg-slate-100 text-slate-600')}
    >
      {initials(user)}
    </span>
  );
}

const RoleBadge = ({ user }: { user: StaffUser }) => <Badge color={ROLE_COLORS[user.role]}>{ROLE_LABELS[user.role]}</Badge>;
const StatusBadge = ({ user }: { user: StaffUser }) => <Badge color={user.active ? 'green' : 'grey'}>{user.active ? 'Active' : 'Inactive'}</Badge>;
const storeLabel = (user: StaffUser) => user.store?.name ?? 'All stores';

function RowButtons({ user, actions, compact }: { user: StaffUser; actions: StaffRowActions; compact?: boolean }) {
  const name = staffName(user);
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="sm" className="whitespace-nowrap" onClick={() => actions.onEdit(user)} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
        <span className={compact ? undefined : 'hidden xl:inline'}>Edit</span>
      </Button>
      <Button variant="ghost" size="sm" className="whitespace-nowrap" onClick={() => actions.onResetPassword(user)} aria-label={`Reset password for ${name}`} title="Reset password">
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        <span className={compact ? undefined : 'hidden xl:inline'}>Reset password</span>
      </Button>
    </div>
  );
}

/**
 * The staff list (spec §2 'Staff Management'): on wide screens a table with the columns Staff
 * Member (name and e-mail), Role, Store ('All stores' when none), Status, Last Login ('Never'
 * when null; short month, day and time) and Actions (Edit, Reset password); on phones the same
 * facts as a list of cards. `meId` marks the signed-in user's row ('You').
 */
export function StaffTable({ users, actions, meId, busy }: { users: StaffUser[]; actions: StaffRowActions; meId?: string; busy?: boolean }) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={busy || undefined}>
          <caption className="sr-only">Staff members</caption>
          <thead className="bg-slate-50">
            <tr className="text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <th scope="col" className="px-5 py-3">Staff Member</th>
              <th scope="col" className="px-4 py-3">Role</th>
              <th scope="col" className="px-4 py-3">Store</th>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3">Last Login</th>
              <th scope="col" className="px-5 py-3 text-right">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id} data-active={user.active} className={cn('hover:bg-slate-50/70', !user.active && 'text-slate-500')}>
                <td className="px-5 py-3">
                  <div className="flex items-center gap-3">
                    <Avatar user={user} />
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">
                        {staffName(user)}
                        {user.id === meId && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                      </p>
                      <p className="truncate text-slate-500">{user.email}</p>
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3">
                  <RoleBadge user={user} />
                </td>
                <td className={cn('px-4 py-3', user.store ? 'text-slate-700' : 'text-slate-500 italic')}>{storeLabel(user)}</td>
                <td className="px-4 py-3">
                  <StatusBadge user={user} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">{lastLoginLabel(user.lastLogin)}</td>
                <td className="px-5 py-3">
                  <RowButtons user={user} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Staff members" aria-busy={busy || undefined}>
        {users.map((user) => (
          <li key={user.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start gap-3">
              <Avatar user={user} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">
                  {staffName(user)}
                  {user.id === meId && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                </p>
                <p className="truncate text-sm text-slate-500">{user.email}</p>
                <div className="mt-2 flex flex-wrap gap-1.5">
                  <RoleBadge user={user} />
                  <StatusBadge user={user} />
                </div>
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Store</dt>
                <dd className={user.store ? 'text-slate-800' : 'italic text-slate-500'}>{storeLabel(user)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Last Login</dt>
                <dd className="text-slate-800">{lastLoginLabel(user.lastLogin)}</dd>
              </div>
            </dl>
            <div className="mt-2 border-t border-slate-100 pt-2">
              <RowButtons user={user} actions={actions} compact />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Placeholder rows while the staff list loads. */
export function StaffTableSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="flex animate-pulse items-center gap-3 border-b border-slate-100 px-5 py-4 last:border-0">
          <div className="h-9 w-9 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-40 rounded bg-slate-200" />
            <div className="h-3 w-56 rounded bg-slate-100" />
          </div>
          <div className="hidden h-5 w-20 rounded-full bg-slate-100 sm:block" />
          <div className="hidden h-5 w-16 rounded-full bg-slate-100 sm:block" />
        </div>
      ))}
    </div>
  );
}
