import { useState } from 'react';
import type { PlatformTenantAdmin } from '@loyalty/contract';
import { ShieldOff } from 'lucide-react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useResetTenantAdminTwoFactor, useTenantAdmins } from '../../api/tenant-admins';

const nameOf = (a: PlatformTenantAdmin) => `${a.firstName} ${a.lastName}`.trim();

/**
 * 'Store Admins' of the tenant details (docs/security.md 'Two-factor sign-in'): each Store Admin
 * with their two-factor state and, when it is on, 'Reset two-factor' (a lost phone) after a
 * confirmation; the person is e-mailed and the reset audited.
 */
export function TenantAdminsSection({ tenantId }: { tenantId: string }) {
  const admins = useTenantAdmins(tenantId);
  const reset = useResetTenantAdminTwoFactor(tenantId);
  const [target, setTarget] = useState<PlatformTenantAdmin | null>(null);
  const close = () => {
    reset.reset();
    setTarget(null);
  };
  const confirm = () =>
    target &&
    reset.mutate(target.id, {
      onSuccess: () => {
        toast.success('Two-factor reset');
        close();
      },
    });
  return (
    <section aria-labelledby="tenant-admins-title">
      <h3 id="tenant-admins-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Store Admins
      </h3>
      {admins.isPending && <Spinner label="Loading Store Admins" />}
      {admins.isError && <p className="mt-1 text-sm text-red-700">{errorMessage(admins.error, 'Failed to load the Store Admins.')}</p>}
      <ul className="mt-1 divide-y divide-slate-100">
        {admins.data?.admins.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{nameOf(a)}</p>
              <p className="truncate text-sm text-slate-500">{a.email}</p>
            </div>
            <div className="flex items-center gap-2">
              <Badge color={a.twoFactorEnabled ? 'green' : 'grey'}>{a.twoFactorEnabled ? 'Two-factor on' : 'Two-factor off'}</Badge>
              {a.twoFactorEnabled && (
                <Button variant="outline" size="sm" onClick={() => setTarget(a)} aria-label={`Reset two-factor for ${nameOf(a)}`}>
                  <ShieldOff aria-hidden="true" className="h-4 w-4" />
                  Reset two-factor
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ActionConfirmDialog
        open={target !== null}
        onClose={close}
        title="Reset two-factor"
        pending={reset.isPending}
        onConfirm={confirm}
        icon={ShieldOff}
        confirmLabel="Reset two-factor"
        error={reset.isError ? errorMessage(reset.error, 'Failed to reset two-factor.') : null}
      >
        {target && (
          <p>
            Turn off two-factor authentication for <span className="font-semibold text-slate-900">{nameOf(target)}</span> ({target.email})? Their authenticator
            and recovery codes stop working, and they are told by e-mail.
          </p>
        )}
      </ActionConfirmDialog>
    </section>
  );
}
