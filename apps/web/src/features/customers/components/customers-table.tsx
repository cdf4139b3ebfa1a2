import type { CustomerListItem } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { CreditCard, Eye, Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { Table, type Column } from '@/components/ui/table';
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
      <button
        type="button"
        onClick={() => actions.onView(customer)}
        aria-label={`View ${name}`}
        title="View details"
        className={cn(base, 'text-slate-500 hover:bg-indigo-50 hover:text-indigo-700')}
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={() => actions.onEdit(customer)}
        aria-label={`Edit ${name}`}
        title="Edit customer"
        className={cn(base, 'text-slate-500 hover:bg-slate-100 hover:text-slate-900')}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={() => actions.onDelete(customer)}
        aria-label={`Delete ${name}`}
        title="Delete customer"
        className={cn(base, 'text-slate-500 hover:bg-red-50 hover:text-red-700')}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

const columns: Column<CustomerListItem>[] = [
  {
    id: 'customer',
    header: 'Customer',
    cell: (c) => (
      <div className="flex items-center gap-3">
        <CustomerAvatar customer={c} />
        <span className="block max-w-[14rem] truncate text-sm font-medium text-slate-900" title={fullName(c)}>
          {fullName(c)}
        </span>
      </div>
    ),
  },
  { id: 'contact', header: 'Contact', className: 'max-w-[16rem]', cell: (c) => <Contact customer={c} /> },
  { id: 'tier', header: 'Tier', cell: (c) => <TierBadge tier={c.tier} /> },
  {
    id: 'spend',
    header: 'Total Spend',
    className: 'text-sm font-medium text-slate-900 tabular-nums whitespace-nowrap',
    cell: (c) => formatCents(c.totalSpendCents),
  },
  { id: 'cards', header: 'Cards', cell: (c) => <ActiveCards count={c.activeCards} /> },
  { id: 'joined', header: 'Joined', className: 'text-sm text-slate-600 whitespace-nowrap', cell: (c) => formatDate(c.createdAt) },
];

/** One customer on a phone: avatar, name, tier, contact, the three figures and the actions. */
function CustomerCard({ c, actions }: { c: CustomerListItem; actions: CustomerRowActions }) {
  return (
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
        <Fact term="Total Spend">
          <span className="font-semibold text-slate-900 tabular-nums">{formatCents(c.totalSpendCents)}</span>
        </Fact>
        <Fact term="Cards">
          <ActiveCards count={c.activeCards} />
        </Fact>
        <Fact term="Joined">
          <span className="text-slate-700">{formatDate(c.createdAt)}</span>
        </Fact>
      </dl>
      <div className="mt-2 border-t border-slate-100 pt-2">
        <RowActions customer={c} actions={actions} />
      </div>
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

/**
 * The customer list: from the md breakpoint a table with the columns Customer, Contact, Tier, Total
 * Spend, Cards ('n active'), Joined, Actions (view, edit, delete); on a phone one card per customer
 * with the same facts and actions. `loading` shows placeholder rows, `empty` replaces an empty
 * list, `dimmed` while the next search or page loads.
 */
export function CustomersTable({
  customers,
  actions,
  dimmed,
  loading,
  empty,
}: {
  customers: CustomerListItem[];
  actions: CustomerRowActions;
  dimmed?: boolean;
  loading?: boolean;
  empty?: ReactNode;
}) {
  return (
    <Table
      caption="Customers"
      columns={[...columns, { id: 'actions', header: 'Actions', align: 'right', cell: (c) => <RowActions customer={c} actions={actions} /> }]}
      rows={customers}
      rowKey={(c) => c.id}
      rowProps={() => ({ 'data-testid': 'customer-row' })}
      renderCard={(c) => <CustomerCard c={c} actions={actions} />}
      listClassName="space-y-3"
      cellClassName="px-3 py-3"
      framed
      loading={loading}
      empty={empty}
      busy={dimmed}
    />
  );
}
