import { useEffect, useState } from 'react';
import { CalendarCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { ListPage } from '@/components/ui/list-page';
import { paths } from '@/config/paths';
import { useStores } from '@/api/get-stores';
import { useListParams } from '@/hooks/use-list-params';
import { useExportTransactions } from '../api/export-transactions';
import { useTransactions } from '../api/get-transactions';
import { TransactionFiltersBar } from '../components/transaction-filters';
import { TransactionsEmpty, TransactionsLoadFailed, TransactionsStale } from '../components/transactions-states';
import { TransactionsTable } from '../components/transactions-table';
import { useMessages } from '@/lib/i18n';
import { transactionsMessages } from '../messages';
import { FILTER_KEYS, TRANSACTIONS_PAGE_SIZE, activeFilterCount, readListState } from '../lib/filters';

/**
 * Transactions /t/{slug}/transactions (tenant_admin and cashier): 'End of day' in the header (the
 * day's cash-up, /t/{slug}/transactions/end-of-day), search (customer name or card
 * UID, debounced 300 ms), collapsible filters (type, category, from date, to date, store), Clear
 * Filters, Export CSV (the filters without the search, saved as transactions.csv), the ledger table
 * with the balance change before → after, pagination 'Showing x to y of z results' (50 a page), and
 * both empty states. Filters, search and page live in the address so reload and Back keep them.
 * List and export failures are only logged; the page then offers a quiet 'Try again' instead of
 * going blank.
 */
export function TransactionsPage() {
  const t = useMessages(transactionsMessages);
  const { slug = '' } = useParams();
  const list$ = useListParams(FILTER_KEYS);
  const { filters, search, page } = readListState(list$.params);
  const activeCount = activeFilterCount(filters);
  const [filtersOpen, setFiltersOpen] = useState(activeCount > 0);

  const list = useTransactions(slug, { ...filters, search, page, limit: TRANSACTIONS_PAGE_SIZE });
  const exporter = useExportTransactions(slug);
  const storesQuery = useStores(slug);

  // Back/Forward to a filtered address opens the panel.
  useEffect(() => {
    if (activeCount > 0) setFiltersOpen(true);
  }, [activeCount]);
  // List and store failures are only logged.
  useLogError('Failed to load transactions:', list.error);
  useLogError('Failed to load stores:', storesQuery.error);

  const filtered = activeCount > 0 || Boolean(search);
  return (
    <ListPage
      title={t('pageTitle')}
      subtitle={t('pageSubtitle')}
      actions={
        <Link to={`${paths.tenant.transactions(slug)}/end-of-day`} className={buttonVariants({ variant: 'outline' })}>
          <CalendarCheck aria-hidden="true" className="h-4 w-4" />
          {t('endOfDay')}
        </Link>
      }
      toolbar={
        <TransactionFiltersBar
          search={list$.searchInput}
          onSearchChange={list$.setSearchInput}
          filters={filters}
          onFilterChange={(key, value) => list$.update({ [key]: value })}
          open={filtersOpen}
          onToggle={() => setFiltersOpen((o) => !o)}
          activeCount={activeCount}
          onClear={list$.clearAll}
          canClear={filtered || list$.searchInput.trim() !== ''}
          stores={storesQuery.data ? storesQuery.data.stores.map((s) => ({ id: s.id, name: s.name })) : null}
          onExport={() => exporter.mutate(filters)}
          exporting={exporter.isPending}
          exportFailed={exporter.isError}
        />
      }
      query={list}
      errorTitle={t('pageLoadFailed')}
      errorState={<TransactionsLoadFailed query={list} />}
      staleError={<TransactionsStale query={list} />}
      listLabel={t('pageListLabel')}
      pagination={{
        page,
        pages: list.data?.pages ?? 0,
        total: list.data?.total ?? 0,
        limit: TRANSACTIONS_PAGE_SIZE,
        noun: t('pageResultsNoun'),
        always: true,
        className: 'border-t border-slate-100 px-4 py-3',
        onPage: (p) => list$.update({ page: p }),
      }}
    >
      <TransactionsTable
        slug={slug}
        transactions={list.data?.transactions ?? []}
        loading={list.isPending}
        busy={list.isPlaceholderData}
        empty={<TransactionsEmpty slug={slug} filtered={filtered} onClear={list$.clearAll} />}
      />
    </ListPage>
  );
}

/** Logs `error` once per new error with `message` (these failures are only logged). */
function useLogError(message: string, error: unknown) {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
