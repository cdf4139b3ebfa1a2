import { useEffect, useState, type ReactNode } from 'react';
import type { PlatformTenant, SubscriptionStatus } from '@loyalty/contract';
import { Building2, Plus, Search, SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api';
import { usePlatformTenants } from '../api/tenants';
import { CreateTenantDialog } from '../components/tenants/create-tenant-dialog';
import { DeleteTenantDialog } from '../components/tenants/delete-tenant-dialog';
import { EditTenantDialog } from '../components/tenants/edit-tenant-dialog';
import { isSubscriptionStatus, STATUS_OPTIONS } from '../components/tenants/labels';
import { TenantDetailsDialog } from '../components/tenants/tenant-details-dialog';
import { TenantSummaryCards } from '../components/tenants/tenant-summary';
import { TenantsTable, TenantsTableSkeleton } from '../components/tenants/tenants-table';
import { useSearchBox, useSnapToLastPage } from '@/hooks/use-url-list-state';

/** Tenants per page of the table. */
export const TENANTS_PAGE_SIZE = 20;

/**
 * /platform/tenants (spec §2 'Platform area', §3 'Tenant', §5 'Tenant create', §7 'Platform',
 * §8 'Tenants'; platform_admin): a search box (name, slug or owner e-mail, debounced 300 ms), a
 * status filter, the summary cards (all tenants per status), the table (cards on phones) with
 * details, edit and delete per tenant, pagination, loading, empty and error states, and the
 * Create, Details, Edit and Delete dialogs. Search, status and page live in the address
 * (?search=&status=&page=) so reload and Back keep them; `?action=create` opens the create
 * dialog and is then removed from the address.
 */
export function TenantsPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const statusParam = params.get('status');
  const status: SubscriptionStatus | undefined = isSubscriptionStatus(statusParam) ? statusParam : undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const [searchInput, setSearchInput] = useSearchBox(search, (text) => update({ search: text }));

  const [creating, setCreating] = useState(false);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [editing, setEditing] = useState<PlatformTenant | null>(null);
  const [deleting, setDeleting] = useState<PlatformTenant | null>(null);

  const tenants = usePlatformTenants({ search, status, page, limit: TENANTS_PAGE_SIZE });

  /** Updates the address; a new search or filter goes back to page 1. */
  function update(next: { search?: string; status?: SubscriptionStatus | ''; page?: number }) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.search !== undefined) {
          const s = next.search.trim();
          if (s) p.set('search', s);
          else p.delete('search');
        }
        if (next.status !== undefined) {
          if (next.status) p.set('status', next.status);
          else p.delete('status');
        }
        if (next.page !== undefined && next.page > 1) p.set('page', String(next.page));
        else p.delete('page');
        return p;
      },
      { replace: next.page === undefined },
    );
  }

  // ?action=create (the dashboard's Quick Action) opens the create dialog once, then leaves the address.
  const action = params.get('action');
  useEffect(() => {
    if (action !== 'create') return;
    setCreating(true);
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete('action');
        return p;
      },
      { replace: true },
    );
  }, [action]);

  const pages = tenants.data?.pages ?? 0;
  useSnapToLastPage(page, pages, !tenants.isPlaceholderData, (last) => update({ page: last }));

  const list = tenants.data?.tenants ?? [];
  // The details dialog shows the freshest row of the tenant it opened (edits refresh the list).
  const [viewingRow, setViewingRow] = useState<PlatformTenant | null>(null);
  const viewing = viewingId ? (list.find((t) => t.id === viewingId) ?? viewingRow) : null;
  const filtered = Boolean(search || status);

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      Create Tenant
    </Button>
  );

  let body: ReactNode;
  if (tenants.isPending) {
    body = <TenantsTableSkeleton />;
  } else if (tenants.isError && !tenants.data) {
    body = <LoadError title="Failed to load tenants" query={tenants} fallback="Something went wrong while loading the tenants." />;
  } else if (list.length === 0) {
    body = filtered ? (
      <EmptyState icon={<SearchX aria-hidden="true" className="h-8 w-8" />} title="No tenants found matching your criteria" text="Try another name, slug or owner e-mail, or another status.">
        <Button
          variant="outline"
          onClick={() => {
            setSearchInput('');
            update({ search: '', status: '' });
          }}
        >
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={<Building2 aria-hidden="true" className="h-8 w-8" />} title="No tenants yet" text="Create the first business and its owner account. Businesses that sign up themselves appear here too.">
        {createButton}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div aria-busy={tenants.isFetching || undefined}>
          <TenantsTable
            tenants={list}
            dimmed={tenants.isPlaceholderData}
            actions={{
              onView: (t) => {
                setViewingRow(t);
                setViewingId(t.id);
              },
              onEdit: setEditing,
              onDelete: setDeleting,
            }}
          />
        </div>
        <Pagination page={page} pages={pages} total={tenants.data?.total ?? 0} limit={TENANTS_PAGE_SIZE} noun="tenants" onPage={(p) => update({ page: p })} />
      </>
    );
  }

  const total = tenants.data?.summary.total;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Tenants"
        subtitle={total !== undefined ? `${total.toLocaleString('en-US')} ${total === 1 ? 'business' : 'businesses'} on the platform` : 'Manage the businesses on the platform'}
        actions={createButton}
      />
      {tenants.data && <TenantSummaryCards summary={tenants.data.summary} />}
      <div className="mb-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row">
        <Input
          label="Search tenants"
          hideLabel
          wrapperClassName="flex-1"
          type="search"
          placeholder="Search by name, slug or owner email"
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
          leading={<Search aria-hidden="true" className="h-4 w-4" />}
          autoComplete="off"
          spellCheck={false}
        />
        <Select label="Status" hideLabel wrapperClassName="sm:w-52" value={status ?? ''} onChange={(e) => update({ status: e.target.value as SubscriptionStatus | '' })}>
          <option value="">All statuses</option>
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      {tenants.isError && tenants.data && (
        <Alert tone="error" className="mb-4">
          {errorMessage(tenants.error, 'Failed to load tenants')}
        </Alert>
      )}
      {body}

      <CreateTenantDialog open={creating} onClose={() => setCreating(false)} />
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
    </div>
  );
}

function EmptyState({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-500">{text}</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
