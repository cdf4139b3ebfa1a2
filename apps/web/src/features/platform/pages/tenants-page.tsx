import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import type { PlatformTenant } from '@loyalty/contract';
import { Building2, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState, NoResults } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/select';
import { ListPage, ListToolbar } from '@/components/ui/list-page';
import { dropParams, useListParams } from '@/hooks/use-list-params';
import { formatCount } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { usePlatformTenants } from '../api/tenants';
import { CreateTenantDialog } from '../components/tenants/create-tenant-dialog';
import { DeleteTenantDialog } from '../components/tenants/delete-tenant-dialog';
import { EditTenantDialog } from '../components/tenants/edit-tenant-dialog';
import { isSubscriptionStatus, STATUS_OPTIONS } from '../components/tenants/labels';
import { TenantDetailsDialog } from '../components/tenants/tenant-details-dialog';
import { TenantSummaryCards } from '../components/tenants/tenant-summary';
import { TenantsTable, type TenantRowActions } from '../components/tenants/tenants-table';
import { tenantsMessages } from '../messages-tenants';

/** Tenants per page of the table. */
const TENANTS_PAGE_SIZE = 20;

/**
 * /platform/tenants (platform_admin): a search box (name, slug or owner e-mail, debounced 300 ms), a
 * status filter, the summary cards (all tenants per status), the table (cards on phones) with
 * details, edit and delete per tenant, pagination, loading, empty and error states, and the
 * Create, Details, Edit and Delete dialogs. Search, status and page live in the address
 * (?search=&status=&page=) so reload and Back keep them; `?action=create` opens the create
 * dialog and is then removed from the address.
 */
export function TenantsPage() {
  const t = useMessages(tenantsMessages);
  const list$ = useListParams(['status']);
  const { search, page } = list$;
  const status = isSubscriptionStatus(list$.filters.status) ? list$.filters.status : undefined;
  const tenants = usePlatformTenants({ search, status, page, limit: TENANTS_PAGE_SIZE });
  const [creating, setCreating] = useState(false);
  useCreateAction(list$.params.get('action'), list$.setParams, () => setCreating(true));
  const dialogs = useTenantDialogs(tenants.data?.tenants ?? []);

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t('createTenant')}
    </Button>
  );
  const total = tenants.data?.summary.total;
  return (
    <ListPage
      title={t('pageTitle')}
      subtitle={total !== undefined ? t('businessesCount', { count: total, n: formatCount(total) }) : t('pageSubtitle')}
      actions={createButton}
      above={tenants.data && <TenantSummaryCards summary={tenants.data.summary} />}
      toolbar={
        <ListToolbar label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={list$.searchInput} onChange={list$.setSearchInput}>
          <Select
            label={t('statusFilter')}
            hideLabel
            wrapperClassName="sm:w-52"
            value={status ?? ''}
            onChange={(e) => list$.update({ status: e.target.value })}
          >
            <option value="">{t('allStatuses')}</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </ListToolbar>
      }
      query={tenants}
      errorTitle={t('loadFailed')}
      errorFallback={t('loadFailedFallback')}
      pagination={{
        page,
        pages: tenants.data?.pages ?? 0,
        total: tenants.data?.total ?? 0,
        limit: TENANTS_PAGE_SIZE,
        noun: t('paginationNoun'),
        onPage: (p) => list$.update({ page: p }),
      }}
      dialogs={
        <>
          <CreateTenantDialog open={creating} onClose={() => setCreating(false)} />
          {dialogs.node}
        </>
      }
    >
      <TenantsTable
        tenants={tenants.data?.tenants ?? []}
        loading={tenants.isPending}
        dimmed={tenants.isPlaceholderData}
        actions={dialogs.actions}
        empty={<TenantsEmpty filtered={Boolean(search || status)} onClear={list$.clearAll} action={createButton} />}
      />
    </ListPage>
  );
}

/** `?action=create` (the dashboard's Quick Action) calls `open` once, then leaves the address. */
function useCreateAction(action: string | null, setParams: ReturnType<typeof useListParams>['setParams'], open: () => void) {
  const onCreate = useEffectEvent(() => {
    open();
    dropParams(setParams, 'action');
  });
  useEffect(() => {
    if (action === 'create') onCreate();
  }, [action]);
}

/** The Details, Edit and Delete dialogs of a tenant row and the row actions that open them; details follow the freshest row of `list`. */
function useTenantDialogs(list: PlatformTenant[]): { actions: TenantRowActions; node: ReactNode } {
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [viewingRow, setViewingRow] = useState<PlatformTenant | null>(null);
  const [editing, setEditing] = useState<PlatformTenant | null>(null);
  const [deleting, setDeleting] = useState<PlatformTenant | null>(null);
  const viewing = viewingId ? (list.find((t) => t.id === viewingId) ?? viewingRow) : null;
  const actions: TenantRowActions = {
    onView: (t) => {
      setViewingRow(t);
      setViewingId(t.id);
    },
    onEdit: setEditing,
    onDelete: setDeleting,
  };
  const node = (
    <>
      <TenantDetailsDialog
        tenant={viewing}
        onClose={() => setViewingId(null)}
        onEdit={(t) => {
          setViewingId(null);
          setEditing(t);
        }}
      />
      <EditTenantDialog tenant={editing} onClose={() => setEditing(null)} />
      <DeleteTenantDialog tenant={deleting} onClose={() => setDeleting(null)} />
    </>
  );
  return { actions, node };
}

/** 'No tenants found matching your criteria' with Clear filters, or 'No tenants yet' with Create Tenant. */
function TenantsEmpty({ filtered, onClear, action }: { filtered: boolean; onClear: () => void; action: ReactNode }) {
  const t = useMessages(tenantsMessages);
  return filtered ? (
    <NoResults title={t('noMatchTitle')} description={t('noMatchDescription')} clearLabel={t('clearFilters')} onClear={onClear} />
  ) : (
    <EmptyState icon={<Building2 aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} action={action} />
  );
}
