import type { CustomerListItem } from '@loyalty/contract';
import { CreditCard, Eye, Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { TierBadge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatCents, formatDate } from '@/lib/format';
import { fullName } from '../lib/labels';
import { CustomerAvatar } from './customer-avatar';

/** What a row can ask the page to do. */
export interface CustomerRowActions {
  onView: (customer: CustomerListItem) => void;
  onEdit: (customer: CustomerListItem) => void;
  onDelete: (customer: CustomerListItem) => void;
}

function Contact({ customer }: { customer: CustomerListItem }) {
  if (!customer.email && !customer.phone) return <span className="text-sm italic text-slate-500">No contact details</span>;
  return (
    <div className="min-w-0 space-y-0.5 text-sm">
      {customer.email && (
        <p className="flex min-w-0 items-center gap-1.5 text-slate-700">
          <Mail aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-slate-400" />
          <span className="truncate" title={customer.email}>
            {customer.email}
          </span>
        </p>
      )}
      {customer.phone && (
        <p className="flex items-center gap-1.5 text-slate-500">
          <Phone aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-slate-400" />
          <span className="whitespace-nowrap">{customer.phone}</span>
        </p>
      )}
    </div>
  );
}

function ActiveCards({ count }: { count: number }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm whitespace-nowrap', count > 0 ? 'text-slate-900' : 'text-slate-500')}>
      <CreditCard aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span>
        <span className="font-semibold tabular-nums">{count}</span> active
      </span>
    </span>
  );
}

function RowActions({ customer, actions }: { customer: CustomerListItem; actions: CustomerRowActions }) {
  const name = fullName(customer);
  const base = 'rounded-md p-2 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <div className="flex items-center justify-end gap-1">
      <button type="button" onClick={() => actions.onView(customer)} aria-label={`View ${name}`} title="View details" className={cn(base, 'text-slate-500 hover:bg-indigo-50 hover:text-indigo-700')}>
        <Eye aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="button" onClick={() => actions.onEdit(customer)} aria-label={`Edit ${name}`} title="Edit customer" className={cn(base, 'text-slate-500 hover:bg-slate-100 hover:text-slate-900')}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="button" onClick={() => actions.onDelete(customer)} aria-label={`Delete ${name}`} title="Delete customer" className={cn(base, 'text-slate-500 hover:bg-red-50 hover:text-red-700')}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

/**
 * The customer list (spec §2 'Customers'): from the md breakpoint a table with the columns
 * Customer, Contact, Tier, Total Spend, Cards ('n active'), Joined, Actions (view, edit,
 * delete); on a phone one card per customer with the same facts and actions. `dimmed` while
 * the next search or page loads.
 */
export function CustomersTable({ customers, actions, dimmed }: { customers: CustomerListItem[]; actions: CustomerRowActions; dimmed?: boolean }) {
  return (
    <div className={cn('transition-opacity', dimmed && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200">
          <thead className="bg-slate-50">
            <tr>
              {['Customer', 'Contact', 'Tier', 'Total Spend', 'Cards', 'Joined'].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {h}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 text-right text-xs font-semibold uppercase tracking-wide text-slate-500">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {customers.map((c) => (
              <tr key={c.id} data-testid="customer-row" className="hover:bg-slate-50/70">
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <CustomerAvatar customer={c} />
                    <span className="block max-w-[14rem] truncate text-sm font-medium text-slate-900" title={fullName(c)}>
                      {fullName(c)}
                    </span>
                  </div>
                </td>
                <td className="max-w-[16rem] px-4 py-3">
                  <Contact customer={c} />
                </td>
                <td className="px-4 py-3">
                  <TierBadge tier={c.tier} />
                </td>
                <td className="px-4 py-3 text-sm font-medium text-slate-900 tabular-nums whitespace-nowrap">{formatCents(c.totalSpendCents)}</td>
                <td className="px-4 py-3">
                  <ActiveCards count={c.activeCards} />
                </td>
                <td className="px-4 py-3 text-sm text-slate-600 whitespace-nowrap">{formatDate(c.createdAt)}</td>
                <td className="px-4 py-3">
                  <RowActions customer={c} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden">
        {customers.map((c) => (
          <li key={c.id}>
            <article aria-label={`Customer ${fullName(c)}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start gap-3">
                <CustomerAvatar customer={c} />
                <div className="min-w-0 flex-1">
                  <div className="flex items-center justify-between gap-2">
                    <p className="truncate text-sm font-semibold text-slate-900">{fullName(c)}</p>
                    <TierBadge tier={c.tier} />
                  </div>
                  <div className="mt-1">
                    <Contact customer={c} />
                  </div>
                </div>
              </div>
              <dl className="mt-3 grid grid-cols-3 gap-2 border-t border-slate-100 pt-3 text-xs">
                <div>
                  <dt className="text-slate-500">Total Spend</dt>
                  <dd className="mt-0.5 text-sm font-semibold text-slate-900 tabular-nums">{formatCents(c.totalSpendCents)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Cards</dt>
                  <dd className="mt-0.5">
                    <ActiveCards count={c.activeCards} />
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500">Joined</dt>
                  <dd className="mt-0.5 text-sm text-slate-700">{formatDate(c.createdAt)}</dd>
                </div>
              </dl>
              <div className="mt-2 border-t border-slate-100 pt-2">
                <RowActions customer={c} actions={actions} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Grey placeholder rows in the table's shape while the first page loads. */
export function CustomersTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <span className="sr-only" role="status">
        Loading customers
      </span>
      <ul aria-hidden="true" className="divide-y divide-slate-100">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex items-center gap-4 px-4 py-4">
            <div className="h-9 w-9 animate-pulse rounded-full bg-slate-200" />
            <div className="flex-1 space-y-2">
              <div className="h-3.5 w-40 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-56 animate-pulse rounded bg-slate-100" />
            </div>
            <div className="hidden h-5 w-16 animate-pulse rounded-full bg-slate-200 sm:block" />
            <div className="hidden h-4 w-20 animate-pulse rounded bg-slate-100 md:block" />
          </li>
        ))}
      </ul>
    </div>
  );
}
