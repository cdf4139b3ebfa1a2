import type { PlatformTenant } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Table, type Column } from '@/components/ui/table';
import { SubscriptionBadge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatCount, formatDate } from '@/lib/format';
import { cardsUsage, ownerName, planLabel } from './labels';

/** What a row can ask the page to do. */
export interface TenantRowActions {
  onView: (tenant: PlatformTenant) => void;
  onEdit: (tenant: PlatformTenant) => void;
  onDelete: (tenant: PlatformTenant) => void;
}

function RowActions({ tenant, actions }: { tenant: PlatformTenant; actions: TenantRowActions }) {
  const base = 'rounded-md p-2 lg:p-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <div className="flex items-center justify-end gap-0.5">
      <button
        type="button"
        onClick={() => actions.onView(tenant)}
        aria-label={`View ${tenant.name}`}
        title="View details"
        className={cn(base, 'text-slate-500 hover:bg-indigo-50 hover:text-indigo-700')}
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={() => actions.onEdit(tenant)}
        aria-label={`Edit ${tenant.name}`}
        title="Edit tenant"
        className={cn(base, 'text-slate-500 hover:bg-slate-100 hover:text-slate-900')}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={() => actions.onDelete(tenant)}
        aria-label={`Delete ${tenant.name}`}
        title="Delete tenant"
        className={cn(base, 'text-slate-500 hover:bg-red-50 hover:text-red-700')}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

function Owner({ tenant }: { tenant: PlatformTenant }) {
  const name = ownerName(tenant);
  if (!tenant.owner || !name) return <span className="text-sm italic text-slate-500">No owner</span>;
  return (
    <div className="min-w-0 text-sm">
      <p className="truncate font-medium text-slate-800" title={name}>
        {name}
      </p>
      {name !== tenant.owner.email && (
        <p className="truncate text-slate-500" title={tenant.owner.email}>
          {tenant.owner.email}
        </p>
      )}
    </div>
  );
}

const columns: Column<PlatformTenant>[] = [
  {
    id: 'tenant',
    header: 'Tenant',
    className: 'max-w-[12rem]',
    cell: (t) => (
      <>
        <p className="truncate text-sm font-medium text-slate-900" title={t.name}>
          {t.name}
        </p>
        <p className="truncate font-mono text-xs text-slate-500">{t.slug}</p>
      </>
    ),
  },
  { id: 'owner', header: 'Owner', className: 'max-w-[11rem]', cell: (t) => <Owner tenant={t} /> },
  {
    id: 'status',
    header: 'Status / Plan',
    cell: (t) => (
      <>
        <SubscriptionBadge status={t.subscriptionStatus} />
        <p className="mt-1 text-xs whitespace-nowrap text-slate-600">{planLabel(t)}</p>
      </>
    ),
  },
  { id: 'cards', header: 'Cards', className: 'text-sm whitespace-nowrap text-slate-700 tabular-nums', cell: cardsUsage },
  { id: 'stores', header: 'Stores', className: 'text-sm text-slate-700 tabular-nums', cell: (t) => formatCount(t._count.stores) },
  { id: 'staff', header: 'Staff', className: 'text-sm text-slate-700 tabular-nums', cell: (t) => formatCount(t._count.users) },
  { id: 'customers', header: 'Customers', className: 'text-sm text-slate-700 tabular-nums', cell: (t) => formatCount(t.customersCount) },
  { id: 'created', header: 'Created', className: 'text-sm whitespace-nowrap text-slate-600', cell: (t) => formatDate(t.createdAt) },
];

/** One tenant below the lg breakpoint: name, slug, status, owner, six figures and the actions. */
function TenantCard({ t, actions }: { t: PlatformTenant; actions: TenantRowActions }) {
  const facts: [string, string, string?][] = [
    ['Plan', planLabel(t), 'truncate font-medium text-slate-900'],
    ['Cards', cardsUsage(t)],
    ['Created', formatDate(t.createdAt), 'text-slate-700'],
    ['Stores', formatCount(t._count.stores)],
    ['Staff', formatCount(t._count.users)],
    ['Customers', formatCount(t.customersCount)],
  ];
  return (
    <article aria-label={`Tenant ${t.name}`} data-testid="tenant-card" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{t.name}</p>
          <p className="truncate font-mono text-xs text-slate-500">{t.slug}</p>
        </div>
        <SubscriptionBadge status={t.subscriptionStatus} />
      </div>
      <div className="mt-2">
        <Owner tenant={t} />
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-x-2 gap-y-3 border-t border-slate-100 pt-3 text-xs">
        {facts.map(([term, value, tone]) => (
          <div key={term}>
            <dt className="text-slate-500">{term}</dt>
            <dd className={cn('mt-0.5 text-sm', tone ?? 'font-medium text-slate-900 tabular-nums')}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-2 border-t border-slate-100 pt-2">
        <RowActions tenant={t} actions={actions} />
      </div>
    </article>
  );
}

/**
 * The tenant list (Tenants): from the lg breakpoint a table with the columns Tenant (name and
 * slug), Owner, Status (badge) / Plan, Cards (used / limit), Stores, Staff, Customers, Created and
 * Actions (details, edit, delete); below it one card per tenant with the same facts and actions.
 * `loading` shows placeholder rows, `empty` replaces an empty list, `dimmed` while the next search,
 * filter or page loads.
 */
export function TenantsTable({
  tenants,
  actions,
  dimmed,
  loading,
  empty,
}: {
  tenants: PlatformTenant[];
  actions: TenantRowActions;
  dimmed?: boolean;
  loading?: boolean;
  empty?: ReactNode;
}) {
  return (
    <Table
      caption="Tenants"
      columns={[...columns, { id: 'actions', header: 'Actions', align: 'right', cell: (t) => <RowActions tenant={t} actions={actions} /> }]}
      rows={tenants}
      rowKey={(t) => t.id}
      rowProps={() => ({ 'data-testid': 'tenant-row' })}
      renderCard={(t) => <TenantCard t={t} actions={actions} />}
      listClassName="space-y-3"
      breakpoint="lg"
      cellClassName="px-2.5 py-3 first:pl-4 last:pr-4"
      framed
      loading={loading}
      empty={empty}
      busy={dimmed}
    />
  );
}
