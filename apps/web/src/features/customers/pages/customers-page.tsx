import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CustomerListItem } from '@loyalty/contract';
import { Plus, Search, SearchX, Users } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { LoadError } from '@/components/ui/load-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { useCustomer } from '../api/get-customer';
import { useCustomers } from '../api/get-customers';
import { CustomerDetailsDialog } from '../components/customer-details-dialog';
import { CustomerFormDialog, type CustomerFormTarget } from '../components/customer-form-dialog';
import { CustomersTable, CustomersTableSkeleton } from '../components/customers-table';
import { DeleteCustomerDialog } from '../components/delete-customer-dialog';
import { Pagination } from '@/components/ui/pagination';
import { useSearchBox, useSnapToLastPage } from '@/hooks/use-url-list-state';

/** Customers per page of the table. */
export const CUSTOMERS_PAGE_SIZE = 25;

/**
 * Customers /t/{slug}/customers (spec §2 'Customers', §5 'Customer', §8 'Customers';
 * tenant_admin). A search box (name, e-mail or phone, debounced 300 ms), the table (a card list
 * on phones), pagination when there is more than one page, empty states 'No customers yet' /
 * 'No customers found matching your search', loading and error states, and the Customer
 * Details, Add New Customer, Edit Customer and Delete Customer modals. Search and page live
 * in the address (?search=&page=) so reload and Back keep them. A return from the add-funds
 * checkout (`?funds=added|canceled&customer={id}`) shows 'Funds added to the card.' or
 * 'Payment canceled. No funds were added.' as a toast and reopens that customer's details (the
 * card's new balance shows there); the two parameters are then removed from the address.
 */
export function CustomersPage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const [searchInput, setSearchInput] = useSearchBox(search, (text) => update({ search: text }));

  const [viewing, setViewing] = useState<CustomerListItem | null>(null);
  const [formTarget, setFormTarget] = useState<CustomerFormTarget | null>(null);
  const [deleting, setDeleting] = useState<CustomerListItem | null>(null);

  const customers = useCustomers(slug, { search, page, limit: CUSTOMERS_PAGE_SIZE });

  // Return from the add-funds checkout: message once, reopen the customer, clean the address.
  const funds = params.get('funds');
  const [reopenId, setReopenId] = useState<string | null>(null);
  const fundsHandled = useRef(false);
  useEffect(() => {
    if (fundsHandled.current || (funds !== 'added' && funds !== 'canceled')) return;
    fundsHandled.current = true;
    if (funds === 'added') toast.success('Funds added to the card.', { toastId: 'funds-added' });
    else toast.info('Payment canceled. No funds were added.', { toastId: 'funds-canceled' });
    setReopenId(params.get('customer'));
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete('funds');
        p.delete('customer');
        return p;
      },
      { replace: true },
    );
  }, [funds]);
  const reopen = useCustomer(slug, reopenId);
  useEffect(() => {
    if (!reopenId) return;
    if (reopen.data) {
      setViewing(reopen.data);
      setReopenId(null);
    } else if (reopen.isError) setReopenId(null);
  }, [reopenId, reopen.data, reopen.isError]);

  /** Updates the address; a new search goes back to page 1. */
  function update(next: { search?: string; page?: number }) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.search !== undefined) {
          const s = next.search.trim();
          if (s) p.set('search', s);
          else p.delete('search');
        }
        if (next.page !== undefined && next.page > 1) p.set('page', String(next.page));
        else p.delete('page');
        return p;
      },
      { replace: next.page === undefined },
    );
  }

  const pages = customers.data?.pages ?? 0;
  useSnapToLastPage(page, pages, !customers.isPlaceholderData, (last) => update({ page: last }));

  const list = customers.data?.customers ?? [];
  const openCreate = () => setFormTarget({ mode: 'create' });
  const addButton = (
    <Button onClick={openCreate}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      Add Customer
    </Button>
  );

  let body: ReactNode;
  if (customers.isPending) {
    body = <CustomersTableSkeleton />;
  } else if (customers.isError && !customers.data) {
    body = (
      <LoadError title="Failed to load customers" query={customers} fallback={'Something went wrong while loading the customers.'} />
    );
  } else if (list.length === 0) {
    body = search ? (
      <EmptyState icon={<SearchX aria-hidden="true" className="h-8 w-8" />} title="No customers found matching your search" text="Try another name, e-mail address or phone number.">
        <Button
          variant="outline"
          onClick={() => {
            setSearchInput('');
            update({ search: '' });
          }}
        >
          Clear search
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={<Users aria-hidden="true" className="h-8 w-8" />} title="No customers yet" text="Add your first customer, or assign a card to a new customer from the Cards page.">
        {addButton}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div aria-busy={customers.isFetching || undefined}>
          <CustomersTable
            customers={list}
            dimmed={customers.isPlaceholderData}
            actions={{ onView: setViewing, onEdit: (c) => setFormTarget({ mode: 'edit', customer: c }), onDelete: setDeleting }}
          />
        </div>
        <Pagination page={page} pages={pages} total={customers.data?.total ?? 0} limit={CUSTOMERS_PAGE_SIZE} noun="customers" onPage={(p) => update({ page: p })} />
      </>
    );
  }

  const total = customers.data?.total;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Customers"
        subtitle={total !== undefined && !search ? `${total} ${total === 1 ? 'customer' : 'customers'} in your loyalty programme` : 'Manage your loyalty programme customers'}
        actions={addButton}
      />
      <div className="mb-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
        <Input
          label="Search customers"
          hideLabel
          type="search"
          placeholder="Search by name, email or phone"
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
          leading={<Search aria-hidden="true" className="h-4 w-4" />}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {customers.isError && customers.data && (
        <Alert tone="error" className="mb-4">
          {errorMessage(customers.error, 'Failed to load customers')}
        </Alert>
      )}
      {body}

      <CustomerDetailsDialog
        slug={slug}
        customer={viewing}
        onClose={() => setViewing(null)}
        onEdit={(c) => {
          setViewing(null);
          setFormTarget({ mode: 'edit', customer: c });
        }}
      />
      <CustomerFormDialog slug={slug} target={formTarget} onClose={() => setFormTarget(null)} />
      <DeleteCustomerDialog slug={slug} customer={deleting} onClose={() => setDeleting(null)} />
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
