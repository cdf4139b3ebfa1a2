import type { PlatformTenant } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Table, type Column } from '@/components/ui/table';
import { SubscriptionBadge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatCount, formatDate } from '@/lib/format';
import { useMessages, type Translate } from '@/lib/i18n';
import { tenantsMessages } from '../../messages-tenants';
import { cardsUsage, ownerName, planLabel } from './labels';

/** What a row can ask the page to do. */
export interface TenantRowActions {
  onView: (tenant: PlatformTenant) => void;
  onEdit: (tenant: PlatformTenant) => void;
  onDelete: (tenant: PlatformTenant) => void;
}

function RowActions({ tenant, actions }: { tenant: PlatformTenant; actions: TenantRowActions }) {
  const t = useMessages(tenantsMessages);
  const base = 'rounded-md p-2 lg:p-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <div className="flex items-center justify-end gap-0.5">
      <button
        type="button"
        onClick={() => actions.onView(tenant)}
        aria-label={t('viewTenant', { name: tenant.name })}
        title={t('viewDetails')}
        className={cn(base, 'text-slate-500 hover:bg-indigo-50 hover:text-indigo-700')}
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={() => actions.onEdit(tenant)}
        aria-label={t('editTenant', { name: tenant.name })}
        title={t('editTenantTitle')}
        className={cn(base, 'text-slate-500 hover:bg-slate-100 hover:text-slate-900')}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={() => actions.onDelete(tenant)}
        aria-label={t('deleteTenant', { name: tenant.name })}
        title={t('deleteTenantTitle')}
        className={cn(base, 'text-slate-500 hover:bg-red-50 hover:text-red-700')}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

function Owner({ tenant }: { tenant: PlatformTenant }) {
  const t = useMessages(tenantsMessages);
  const name = ownerName(tenant);
  if (!tenant.owner || !name) return <span className="text-sm italic text-slate-500">{t('noOwner')}</span>;
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

const columns = (t: Translate<typeof tenantsMessages.en>): Column<PlatformTenant>[] => [
  {
    id: 'tenant',
    header: t('columnTenant'),
    className: 'max-w-[12rem]',
    cell: (r) => (
      <>
        <p className="truncate text-sm font-medium text-slate-900" title={r.name}>
          {r.name}
        </p>
        <p className="truncate font-mono text-xs text-slate-500">{r.slug}</p>
      </>
    ),
  },
  { id: 'owner', header: t('columnOwner'), className: 'max-w-[11rem]', cell: (r) => <Owner tenant={r} /> },
  {
    id: 'status',
    header: t('columnStatus'),
    cell: (r) => (
      <>
        <SubscriptionBadge status={r.subscriptionStatus} />
        <p className="mt-1 text-xs whitespace-nowrap text-slate-600">{planLabel(r)}</p>
      </>
    ),
  },
  { id: 'cards', header: t('columnCards'), className: 'text-sm whitespace-nowrap text-slate-700 tabular-nums', cell: cardsUsage },
  { id: 'stores', header: t('columnStores'), className: 'text-sm text-slate-700 tabular-nums', cell: (r) => formatCount(r._count.stores) },
  { id: 'staff', header: t('columnStaff'), className: 'text-sm text-slate-700 tabular-nums', cell: (r) => formatCount(r._count.users) },
  { id: 'customers', header: t('columnCustomers'), className: 'text-sm text-slate-700 tabular-nums', cell: (r) => formatCount(r.customersCount) },
  { id: 'created', header: t('columnCreated'), className: 'text-sm whitespace-nowrap text-slate-600', cell: (r) => formatDate(r.createdAt) },
];

/** One tenant below the lg breakpoint: name, slug, status, owner, six figures and the actions. */
function TenantCard({ t: tenant, actions }: { t: PlatformTenant; actions: TenantRowActions }) {
  const t = useMessages(tenantsMessages);
  const facts: [string, string, string?][] = [
    [t('factPlan'), planLabel(tenant), 'truncate font-medium text-slate-900'],
    [t('columnCards'), cardsUsage(tenant)],
    [t('columnCreated'), formatDate(tenant.createdAt), 'text-slate-700'],
    [t('columnStores'), formatCount(tenant._count.stores)],
    [t('columnStaff'), formatCount(tenant._count.users)],
    [t('columnCustomers'), formatCount(tenant.customersCount)],
  ];
  return (
    <article aria-label={t('cardLabel', { name: tenant.name })} data-testid="tenant-card" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{tenant.name}</p>
          <p className="truncate font-mono text-xs text-slate-500">{tenant.slug}</p>
        </div>
        <SubscriptionBadge status={tenant.subscriptionStatus} />
      </div>
      <div className="mt-2">
        <Owner tenant={tenant} />
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
        <RowActions tenant={tenant} actions={actions} />
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
  const t = useMessages(tenantsMessages);
  return (
    <Table
      caption={t('tableCaption')}
      columns={[...columns(t), { id: 'actions', header: t('columnActions'), align: 'right', cell: (r) => <RowActions tenant={r} actions={actions} /> }]}
      rows={tenants}
      rowKey={(r) => r.id}
      rowProps={() => ({ 'data-testid': 'tenant-row' })}
      renderCard={(r) => <TenantCard t={r} actions={actions} />}
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
