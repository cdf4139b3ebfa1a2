import { useState } from 'react';
import type { PlatformTenantAdmin } from '@loyalty/contract';
import { ShieldOff } from 'lucide-react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { RichMessage, translate, useMessages } from '@/lib/i18n';
import { useResetTenantAdminTwoFactor, useTenantAdmins } from '../../api/tenant-admins';
import { tenantDialogsMessages } from '../../messages-tenant-dialogs';

const nameOf = (a: PlatformTenantAdmin) => `${a.firstName} ${a.lastName}`.trim();

/**
 * 'Store Admins' of the tenant details (docs/security.md 'Two-factor sign-in'): each Store Admin
 * with their two-factor state and, when it is on, 'Reset two-factor' (a lost phone) after a
 * confirmation; the person is e-mailed and the reset audited.
 */
export function TenantAdminsSection({ tenantId }: { tenantId: string }) {
  const t = useMessages(tenantDialogsMessages);
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
        toast.success(translate(tenantDialogsMessages, 'resetTwoFactorDone'));
        close();
      },
    });
  return (
    <section aria-labelledby="tenant-admins-title">
      <h3 id="tenant-admins-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {t('adminsTitle')}
      </h3>
      {admins.isPending && <Spinner label={t('adminsLoading')} />}
      {admins.isError && <p className="mt-1 text-sm text-red-700">{errorMessage(admins.error, t('adminsLoadFailed'))}</p>}
      <ul className="mt-1 divide-y divide-slate-100">
        {admins.data?.admins.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{nameOf(a)}</p>
              <p className="truncate text-sm text-slate-500">{a.email}</p>
            </div>
            <div className="flex items-center gap-2">
              <Badge color={a.twoFactorEnabled ? 'green' : 'grey'}>{a.twoFactorEnabled ? t('twoFactorOn') : t('twoFactorOff')}</Badge>
              {a.twoFactorEnabled && (
                <Button variant="outline" size="sm" onClick={() => setTarget(a)} aria-label={t('resetTwoFactorFor', { name: nameOf(a) })}>
                  <ShieldOff aria-hidden="true" className="h-4 w-4" />
                  {t('resetTwoFactor')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ActionConfirmDialog
        open={target !== null}
        onClose={close}
        title={t('resetTwoFactor')}
        pending={reset.isPending}
        onConfirm={confirm}
        icon={ShieldOff}
        confirmLabel={t('resetTwoFactorConfirm')}
        error={reset.isError ? errorMessage(reset.error, t('resetTwoFactorFailed')) : null}
      >
        {target && (
          <p>
            <RichMessage
              catalog={tenantDialogsMessages}
              id="resetTwoFactorQuestion"
              values={{ name: nameOf(target), email: target.email }}
              components={{ name: <span className="font-semibold text-slate-900" /> }}
            />
          </p>
        )}
      </ActionConfirmDialog>
    </section>
  );
}
