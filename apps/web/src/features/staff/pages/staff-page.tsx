import { useState } from 'react';
import type { StaffUser } from '@loyalty/contract';
import { RotateCw, UserPlus, Users } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';
import { useStaff } from '../api/get-staff';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { StaffFormDialog } from '../components/staff-form-dialog';
import { StaffTable, StaffTableSkeleton } from '../components/staff-table';

/** Load failure text (spec §8 'Staff'). */
export const STAFF_LOAD_ERROR = 'Failed to load staff data. Please refresh the page.';

/** Which staff modal is open. */
type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: StaffUser };

/**
 * Staff Management /t/{slug}/staff (spec §2 'Staff Management', §5 'Staff', §8 'Staff';
 * tenant_admin). Table of staff (Staff Member, Role, Store, Status, Last Login, Actions) with
 * per-row Edit and Reset password; 'Add Staff Member' opens 'Add New Staff Member'. Empty
 * 'No staff members yet'; load failure 'Failed to load staff data. Please refresh the page.'
 */
export function StaffPage() {
  const { slug = '' } = useParams();
  const meId = useAuthStore((s) => s.user?.id);
  const staff = useStaff(slug);
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [resetUser, setResetUser] = useState<StaffUser | null>(null);
  const openCreate = () => setModal({ mode: 'create' });
  const list = staff.data?.users ?? [];
  const editing = modal.mode === 'edit' ? (list.find((u) => u.id === modal.user.id) ?? modal.user) : null;

  let body;
  if (staff.isPending) {
    body = <StaffTableSkeleton />;
  } else if (staff.isError && !staff.data) {
    body = (
      <Alert tone="error">
        <p>{STAFF_LOAD_ERROR}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void staff.refetch()} loading={staff.isFetching}>
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          Try again
        </Button>
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <Users aria-hidden="true" className="h-8 w-8" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">No staff members yet</h2>
        <p className="mt-1 max-w-md text-sm text-slate-500">Add cashiers and store admins so they can sign in with their own accounts.</p>
        <Button className="mt-6" onClick={openCreate}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          Add Staff Member
        </Button>
      </div>
    );
  } else {
    body = (
      <StaffTable
        users={list}
        meId={meId}
        busy={staff.isFetching}
        actions={{ onEdit: (user) => setModal({ mode: 'edit', user }), onResetPassword: setResetUser }}
      />
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Staff Management"
        subtitle="Manage your team members and their access"
        actions={
          <Button onClick={openCreate}>
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            Add Staff Member
          </Button>
        }
      />
      {staff.isError && staff.data && (
        <Alert tone="error" className="mb-4">
          {STAFF_LOAD_ERROR}
        </Alert>
      )}
      {body}
      <StaffFormDialog slug={slug} open={modal.mode !== 'closed'} user={editing} onClose={() => setModal({ mode: 'closed' })} />
      <ResetPasswordDialog slug={slug} user={resetUser} onClose={() => setResetUser(null)} />
    </div>
  );
}
