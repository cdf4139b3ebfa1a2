import type { PlatformTenant } from '@loyalty/contract';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { SubscriptionBadge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
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
      <button type="button" onClick={() => actions.onView(tenant)} aria-label={`View ${tenant.name}`} title="View details" className={cn(base, 'text-slate-500 hover:bg-indigo-50 hover:text-indigo-700')}>
        <Eye aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="button" onClick={() => actions.onEdit(tenant)} aria-label={`Edit ${tenant.name}`} title="Edit tenant" className={cn(base, 'text-slate-500 hover:bg-slate-100 hover:text-slate-900')}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="button" onClick={() => actions.onDelete(tenant)} aria-label={`Delete ${tenant.name}`} title="Delete tenant" className={cn(base, 'text-slate-500 hover:bg-red-50 hover:text-red-700')}>
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

const num = (n: number) => n.toLocaleString('en-US');
const HEADERS = ['Tenant', 'Owner', 'Status / Plan', 'Cards', 'Stores', 'Staff', 'Customers', 'Created'] as const;

/**
 * The tenant list (spec §2 'Platform area' Tenants): from the lg breakpoint a table with the
 * columns Tenant (name and slug), Owner, Status (spec §4 badge), Plan, Cards (used / limit),
 * Stores, Staff, Customers, Created and Actions (details, edit, delete); below it one card per
 * tenant with the same facts and actions. `dimmed` while the next search, filter or page loads.
 */
export function TenantsTable({ tenants, actions, dimmed }: { tenants: PlatformTenant[]; actions: TenantRowActions; dimmed?: boolean }) {
  return (
    <div className={cn('transition-opacity', dimmed && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:block">
        <table className="min-w-full divide-y divide-slate-200">
          <thead className="bg-slate-50">
            <tr>
              {HEADERS.map((h) => (
                <th key={h} scope="col" className="px-2.5 py-3 text-left text-xs font-semibold text-slate-500 first:pl-4">
                  {h}
                </th>
              ))}
              <th scope="col" className="py-3 pl-2.5 pr-4 text-right text-xs font-semibold text-slate-500">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tenants.map((t) => (
              <tr key={t.id} data-testid="tenant-row" className="hover:bg-slate-50/70">
                <td className="max-w-[12rem] py-3 pl-4 pr-2.5">
                  <p className="truncate text-sm font-medium text-slate-900" title={t.name}>
                    {t.name}
                  </p>
                  <p className="truncate font-mono text-xs text-slate-500">{t.slug}</p>
                </td>
                <td className="max-w-[11rem] px-2.5 py-3">
                  <Owner tenant={t} />
                </td>
                <td className="px-2.5 py-3">
                  <SubscriptionBadge status={t.subscriptionStatus} />
                  <p className="mt-1 text-xs whitespace-nowrap text-slate-600">{planLabel(t)}</p>
                </td>
                <td className="px-2.5 py-3 text-sm whitespace-nowrap text-slate-700 tabular-nums">{cardsUsage(t)}</td>
                <td className="px-2.5 py-3 text-sm text-slate-700 tabular-nums">{num(t._count.stores)}</td>
                <td className="px-2.5 py-3 text-sm text-slate-700 tabular-nums">{num(t._count.users)}</td>
                <td className="px-2.5 py-3 text-sm text-slate-700 tabular-nums">{num(t.customersCount)}</td>
                <td className="px-2.5 py-3 text-sm whitespace-nowrap text-slate-600">{formatDate(t.createdAt)}</td>
                <td className="py-3 pl-2.5 pr-4">
                  <RowActions tenant={t} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 lg:hidden">
        {tenants.map((t) => (
          <li key={t.id}>
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
                <div>
                  <dt className="text-slate-500">Plan</dt>
                  <dd className="mt-0.5 truncate text-sm font-medium text-slate-900">{planLabel(t)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Cards</dt>
                  <dd className="mt-0.5 text-sm font-medium text-slate-900 tabular-nums">{cardsUsage(t)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Created</dt>
                  <dd className="mt-0.5 text-sm text-slate-700">{formatDate(t.createdAt)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Stores</dt>
                  <dd className="mt-0.5 text-sm font-medium text-slate-900 tabular-nums">{num(t._count.stores)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Staff</dt>
                  <dd className="mt-0.5 text-sm font-medium text-slate-900 tabular-nums">{num(t._count.users)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Customers</dt>
                  <dd className="mt-0.5 text-sm font-medium text-slate-900 tabular-nums">{num(t.customersCount)}</dd>
                </div>
              </dl>
              <div className="mt-2 border-t border-slate-100 pt-2">
                <RowActions tenant={t} actions={actions} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Grey placeholder rows while the first page loads. */
export function TenantsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <span className="sr-only" role="status">
        Loading tenants
      </span>
      <ul aria-hidden="true" className="divide-y divide-slate-100">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex items-center gap-4 px-4 py-4">
            <div className="flex-1 space-y-2">
              <div className="h-3.5 w-40 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-24 animate-pulse rounded bg-slate-100" />
            </div>
            <div className="hidden h-3.5 w-40 animate-pulse rounded bg-slate-100 sm:block" />
            <div className="h-5 w-16 animate-pulse rounded-full bg-slate-200" />
            <div className="hidden h-4 w-20 animate-pulse rounded bg-slate-100 md:block" />
          </li>
        ))}
      </ul>
    </div>
  );
}
