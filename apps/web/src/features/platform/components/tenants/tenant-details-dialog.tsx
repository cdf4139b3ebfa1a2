import type { PlatformTenant } from '@loyalty/contract';
import { LayoutDashboard, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useMessages } from '@/lib/i18n';
import { tenantDialogsMessages } from '../../messages-tenant-dialogs';
import { TenantAdminsSection } from './tenant-admins-section';
import { TenantDetailsHeading, TenantOwnerSection, TenantRecordSection, TenantSubscriptionSection } from './tenant-details-sections';

/**
 * 'Tenant Details' dialog: name, slug, status badge, counts (cards used / limit, stores, staff,
 * customers), the owner, the subscription facts (plan, card limit and remaining, free-trial limit,
 * trial end, grace end, whether it may transact or needs a subscription), id and creation date, and
 * a link that opens the tenant's own dashboard /t/{slug}/dashboard (platform_admin may enter any
 * tenant). 'Store Admins' lists them with their two-factor state and resets it (docs/security.md).
 */
export function TenantDetailsDialog({
  tenant,
  onClose,
  onEdit,
}: {
  tenant: PlatformTenant | null;
  onClose: () => void;
  onEdit: (tenant: PlatformTenant) => void;
}) {
  const t = useMessages(tenantDialogsMessages);
  return (
    <Dialog
      open={tenant !== null}
      onClose={onClose}
      size="lg"
      title={t('detailsTitle')}
      footer={
        tenant && (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('detailsClose')}
            </Button>
            <Button variant="outline" onClick={() => onEdit(tenant)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {t('detailsEdit')}
            </Button>
            <Link
              to={paths.tenant.dashboard(tenant.slug)}
              className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
              {t('detailsOpenDashboard')}
            </Link>
          </>
        )
      }
    >
      {tenant && (
        <div className="space-y-6">
          <TenantDetailsHeading tenant={tenant} />
          <TenantOwnerSection tenant={tenant} />
          <TenantAdminsSection tenantId={tenant.id} />
          <TenantSubscriptionSection tenant={tenant} />
          <TenantRecordSection tenant={tenant} />
        </div>
      )}
    </Dialog>
  );
}
