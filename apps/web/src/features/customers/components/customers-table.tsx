import type { CustomerListItem } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { CreditCard, Eye, Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { Table, type Column } from '@/components/ui/table';
import { TierBadge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatCents, formatDate } from '@/lib/format';
import { fullName } from '../lib/labels';
import { CustomerAvatar } from './customer-avatar';
import { RichMessage, useMessages } from '@/lib/i18n';
import { customersMessages, type CustomersT } from '../messages';

/** What a row can ask the page to do. */
export interface CustomerRowActions {
  onView: (customer: CustomerListItem) => void;
  onEdit: (customer: CustomerListItem) => void;
  onDelete: (customer: CustomerListItem) => void;
}

function Contact({ customer }: { customer: CustomerListItem }) {
  const t = useMessages(customersMessages);
  if (!customer.email && !customer.phone) return <span className="text-sm italic text-slate-500">{t('noContact')}</span>;
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
        <RichMessage
          catalog={customersMessages}
          id="activeCards"
          values={{ number: count }}
          components={{ count: <span className="font-semibold tabular-nums" /> }}
        />
      </span>
    </span>
  );
}

function RowActions({ customer, actions }: { customer: CustomerListItem; actions: CustomerRowActions }) {
  const t = useMessages(customersMessages);
  const name = fullName(customer);
  const base = 'rounded-md p-2 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <div className="flex items-center justify-end gap-1">
      <button
        type="button"
        onClick={() => actions.onView(customer)}
        aria-label={t('rowView', { name })}
        title={t('rowViewTitle')}
        className={cn(base, 'text-slate-500 hover:bg-indigo-50 hover:text-indigo-700')}
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={() => actions.onEdit(customer)}
        aria-label={t('rowEdit', { name })}
        title={t('rowEditTitle')}
        className={cn(base, 'text-slate-500 hover:bg-slate-100 hover:text-slate-900')}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        onClick={() => actions.onDelete(customer)}
        aria-label={t('rowDelete', { name })}
        title={t('rowDeleteTitle')}
        className={cn(base, 'text-slate-500 hover:bg-red-50 hover:text-red-700')}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

/** The table's columns, headed in the catalog's language. */
const columnsOf = (t: CustomersT): Column<CustomerListItem>[] => [
  {
    id: 'customer',
    header: t('columnCustomer'),
    cell: (c) => (
      <div className="flex items-center gap-3">
        <CustomerAvatar customer={c} />
        <span className="block max-w-[14rem] truncate text-sm font-medium text-slate-900" title={fullName(c)}>
          {fullName(c)}
        </span>
      </div>
    ),
  },
  { id: 'contact', header: t('columnContact'), className: 'max-w-[16rem]', cell: (c) => <Contact customer={c} /> },
  { id: 'tier', header: t('columnTier'), cell: (c) => <TierBadge tier={c.tier} /> },
  {
    id: 'spend',
    header: t('columnSpend'),
    className: 'text-sm font-medium text-slate-900 tabular-nums whitespace-nowrap',
    cell: (c) => formatCents(c.totalSpendCents),
  },
  { id: 'cards', header: t('columnCards'), cell: (c) => <ActiveCards count={c.activeCards} /> },
  { id: 'joined', header: t('columnJoined'), className: 'text-sm text-slate-600 whitespace-nowrap', cell: (c) => formatDate(c.createdAt) },
];

/** One customer on a phone: avatar, name, tier, contact, the three figures and the actions. */
function CustomerCard({ c, actions }: { c: CustomerListItem; actions: CustomerRowActions }) {
  const t = useMessages(customersMessages);
  return (
    <article aria-label={t('cardLabel', { name: fullName(c) })} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
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
        <Fact term={t('columnSpend')}>
          <span className="font-semibold text-slate-900 tabular-nums">{formatCents(c.totalSpendCents)}</span>
        </Fact>
        <Fact term={t('columnCards')}>
          <ActiveCards count={c.activeCards} />
        </Fact>
        <Fact term={t('columnJoined')}>
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
  const t = useMessages(customersMessages);
  return (
    <Table
      caption={t('tableCaption')}
      columns={[...columnsOf(t), { id: 'actions', header: t('columnActions'), align: 'right', cell: (c) => <RowActions customer={c} actions={actions} /> }]}
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
