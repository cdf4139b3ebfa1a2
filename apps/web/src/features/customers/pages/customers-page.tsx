import { useState, type ReactNode } from 'react';
import type { CustomerListItem } from '@loyalty/contract';
import { Plus, ShieldCheck, Users } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { EmptyState, NoResults } from '@/components/ui/empty-state';
import { ListPage, ListToolbar } from '@/components/ui/list-page';
import { Button } from '@/components/ui/button';
import { useCustomers } from '../api/get-customers';
import { CustomerDetailsDialog } from '../components/customer-details-dialog';
import { CustomerFormDialog, type CustomerFormTarget } from '../components/customer-form-dialog';
import { CustomersTable } from '../components/customers-table';
import { DeleteCustomerDialog } from '../components/delete-customer-dialog';
import { EraseCustomerDialog } from '../components/erase-customer-dialog';
import { useListParams } from '@/hooks/use-list-params';
import { useFundsReturn } from '../hooks/use-funds-return';
import { useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';

/** Customers per page of the table. */
const CUSTOMERS_PAGE_SIZE = 25;

/**
 * Customers /t/{slug}/customers (tenant_admin). A search box (name, e-mail or phone, debounced 300
 * ms), the table (a card list on phones), pagination when there is more than one page, empty states
 * 'No customers yet' / 'No customers found matching your search', loading and error states, and the
 * Customer Details, Add New Customer, Edit Customer and Delete Customer modals. Search and page
 * live in the address (?search=&page=) so reload and Back keep them. A return from the add-funds
 * checkout (`?funds=added|canceled&customer={id}`) shows 'Funds added to the card.' or 'Payment
 * canceled. No funds were added.' as a toast and reopens that customer's details (the card's new
 * balance shows there); the two parameters are then removed from the address.
 */
export function CustomersPage() {
  const t = useMessages(customersMessages);
  const { slug = '' } = useParams();
  const list$ = useListParams();
  const navigate = useNavigate();
  const { search, page } = list$;
  const [viewing, setViewing] = useState<CustomerListItem | null>(null);
  const [formTarget, setFormTarget] = useState<CustomerFormTarget | null>(null);
  const [deleting, setDeleting] = useState<CustomerListItem | null>(null);
  const [erasing, setErasing] = useState<CustomerListItem | null>(null);
  useFundsReturn(slug, setViewing);

  const customers = useCustomers(slug, { search, page, limit: CUSTOMERS_PAGE_SIZE });
  const total = customers.data?.total;
  const addButton = (
    <Button onClick={() => setFormTarget({ mode: 'create' })}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t('pageAddCustomer')}
    </Button>
  );

  return (
    <ListPage
      title={t('pageTitle')}
      subtitle={total !== undefined && !search ? t('pageSubtitleCount', { count: total }) : t('pageSubtitle')}
      actions={
        <>
          <Button variant="outline" onClick={() => navigate(`/t/${slug}/customers/erasure-requests`)}>
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            {t('pageErasureRequests')}
          </Button>
          {addButton}
        </>
      }
      toolbar={<ListToolbar label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={list$.searchInput} onChange={list$.setSearchInput} />}
      query={customers}
      errorTitle={t('loadFailed')}
      errorFallback={t('loadFailedFallback')}
      pagination={{
        page,
        pages: customers.data?.pages ?? 0,
        total: total ?? 0,
        limit: CUSTOMERS_PAGE_SIZE,
        noun: t('paginationNoun'),
        onPage: (p) => list$.update({ page: p }),
      }}
      dialogs={
        <>
          <CustomerDetailsDialog
            slug={slug}
            customer={viewing}
            onClose={() => setViewing(null)}
            onEdit={(c) => {
              setViewing(null);
              setFormTarget({ mode: 'edit', customer: c });
            }}
            onErase={(c) => {
              setViewing(null);
              setErasing(c);
            }}
          />
          <EraseCustomerDialog slug={slug} customer={erasing} onClose={() => setErasing(null)} onErased={() => setErasing(null)} />
          <CustomerFormDialog slug={slug} target={formTarget} onClose={() => setFormTarget(null)} />
          <DeleteCustomerDialog slug={slug} customer={deleting} onClose={() => setDeleting(null)} />
        </>
      }
    >
      <CustomersTable
        customers={customers.data?.customers ?? []}
        loading={customers.isPending}
        dimmed={customers.isPlaceholderData}
        actions={{ onView: setViewing, onEdit: (c) => setFormTarget({ mode: 'edit', customer: c }), onDelete: setDeleting }}
        empty={<CustomersEmpty searched={Boolean(search)} onClear={list$.clearAll} action={addButton} />}
      />
    </ListPage>
  );
}

/** 'No customers found matching your search' with Clear search, or 'No customers yet' with Add Customer. */
function CustomersEmpty({ searched, onClear, action }: { searched: boolean; onClear: () => void; action: ReactNode }) {
  const t = useMessages(customersMessages);
  return searched ? (
    <NoResults title={t('noMatchTitle')} description={t('noMatchDescription')} clearLabel={t('noMatchClear')} onClear={onClear} />
  ) : (
    <EmptyState icon={<Users aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} action={action} />
  );
}
