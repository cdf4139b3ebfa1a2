import { useState } from 'react';
import type { StaffUser } from '@loyalty/contract';
import { RotateCw, UserPlus, Users } from 'lucide-react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { useAuthStore } from '@/lib/auth-store';
import { useStaff } from '../api/get-staff';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { ResetTwoFactorDialog } from '../components/reset-two-factor-dialog';
import { RevokeInvitationDialog } from '../components/revoke-invitation-dialog';
import { StaffFormDialog } from '../components/staff-form-dialog';
import { StaffTable } from '../components/staff-table';
import { useInvitationActions } from '../hooks/use-invitation-actions';
import { useMessages } from '@/lib/i18n';
import { staffMessages } from '../messages';

/** Which staff modal is open. */
type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: StaffUser };

/**
 * Staff Management /t/{slug}/staff (tenant_admin). Table of staff (Staff Member, Role, Store,
 * Status, Last Login, Actions) with per-row Edit and Reset password (an invited member: Resend
 * invitation, and Revoke invitation after a confirmation; ADR 0018), and Reset two-factor for a
 * cashier who has it on (after a confirmation; docs/security.md); 'Add Staff Member' opens 'Add New
 * Staff Member'. Empty 'No staff members yet'; load failure 'Failed to load staff data. Please
 * refresh the page.'
 */
export function StaffPage() {
  const t = useMessages(staffMessages);
  const { slug = '' } = useParams();
  const meId = useAuthStore((s) => s.user?.id);
  const staff = useStaff(slug);
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [resetUser, setResetUser] = useState<StaffUser | null>(null);
  const [twoFactorUser, setTwoFactorUser] = useState<StaffUser | null>(null);
  const invitations = useInvitationActions(slug);
  const openCreate = () => setModal({ mode: 'create' });
  const list = staff.data?.users ?? [];
  const editing = modal.mode === 'edit' ? (list.find((u) => u.id === modal.user.id) ?? modal.user) : null;

  const addButton = (
    <Button onClick={openCreate}>
      <UserPlus aria-hidden="true" className="h-4 w-4" />
      {t('addStaff')}
    </Button>
  );

  return (
    <ListPage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={addButton}
      query={staff}
      errorTitle={t('loadError')}
      errorState={
        <Alert tone="error">
          <p>{t('loadError')}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void staff.refetch()} loading={staff.isFetching}>
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            {t('tryAgain')}
          </Button>
        </Alert>
      }
      staleError={
        <Alert tone="error" className="mb-4">
          {t('loadError')}
        </Alert>
      }
      dialogs={
        <>
          <StaffFormDialog slug={slug} open={modal.mode !== 'closed'} user={editing} onClose={() => setModal({ mode: 'closed' })} />
          <ResetPasswordDialog slug={slug} user={resetUser} onClose={() => setResetUser(null)} />
          <RevokeInvitationDialog slug={slug} user={invitations.revoking} onClose={invitations.closeRevoke} />
          <ResetTwoFactorDialog slug={slug} user={twoFactorUser} onClose={() => setTwoFactorUser(null)} />
        </>
      }
    >
      <StaffTable
        users={list}
        meId={meId}
        loading={staff.isPending}
        busy={staff.isFetching}
        actions={{
          onEdit: (user) => setModal({ mode: 'edit', user }),
          onResetPassword: setResetUser,
          onResetTwoFactor: setTwoFactorUser,
          onResendInvitation: invitations.resend,
          onRevokeInvitation: invitations.askRevoke,
          resendingId: invitations.resendingId,
        }}
        empty={<EmptyState icon={<Users aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyText')} action={addButton} />}
      />
    </ListPage>
  );
}
