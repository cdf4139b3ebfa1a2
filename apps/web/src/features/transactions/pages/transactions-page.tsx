import { useEffect, useState, type ReactNode } from 'react';
import { Receipt, RotateCw, ScanLine, SearchX } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useStores } from '@/features/cards/api/get-stores';
import { useSearchBox, useSnapToLastPage } from '@/hooks/use-url-list-state';
import { useExportTransactions } from '../api/export-transactions';
import { useTransactions } from '../api/get-transactions';
import { TransactionFiltersBar } from '../components/transaction-filters';
import { TransactionsPagination } from '../components/transactions-pagination';
import { TransactionsSkeleton, TransactionsTable } from '../components/transactions-table';
import { FILTER_KEYS, TRANSACTIONS_PAGE_SIZE, activeFilterCount, readListState, type TransactionFilters } from '../lib/filters';

/** A change of the address's list state; a key set to '' is removed. */
type ListUpdate = Partial<Record<keyof TransactionFilters | 'search', string>> & { page?: number };

/**
 * Transactions /t/{slug}/transactions (spec §2 'Transactions', §7, §8, §9; tenant_admin and
 * cashier): search (customer name or card UID, debounced 300 ms), collapsible filters (type,
 * category, from date, to date, store), Clear Filters, Export CSV (the filters without the
 * search, saved as transactions.csv), the ledger table with the balance change before → after,
 * pagination 'Showing x to y of z results' (50 a page), and both empty states. Filters, search
 * and page live in the address so reload and Back keep them. List and export failures are
 * only logged (spec §8); the page then offers a quiet 'Try again' instead of going blank.
 */
export function TransactionsPage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { filters, search, page } = readListState(params);
  const activeCount = activeFilterCount(filters);

  const [searchInput, setSearchInput] = useSearchBox(search, (text) => update({ search: text }));
  const [filtersOpen, setFiltersOpen] = useState(activeCount > 0);

  const list = useTransactions(slug, { ...filters, search, page, limit: TRANSACTIONS_PAGE_SIZE });
  const exporter = useExportTransactions(slug);
  const storesQuery = useStores(slug);

  /** Writes filters, search and page into the address; any change but a page turn goes back to page 1. */
  function update(next: ListUpdate) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const key of [...FILTER_KEYS, 'search'] as const) {
          const value = next[key];
          if (value === undefined) continue;
          if (value.trim()) p.set(key, value.trim());
          else p.delete(key);
        }
        if (next.page !== undefined && next.page > 1) p.set('page', String(next.page));
        else p.delete('page');
        return p;
      },
      // Typing and filtering replace the entry; a page turn is a step Back can undo.
      { replace: next.page === undefined },
    );
  }

  // Back/Forward to a filtered address opens the panel.
  useEffect(() => {
    if (activeCount > 0) setFiltersOpen(true);
  }, [activeCount]);

  // Spec §8: list and store failures are only logged.
  useEffect(() => {
    if (list.error) console.error('Failed to load transactions:', list.error);
  }, [list.error]);
  useEffect(() => {
    if (storesQuery.error) console.error('Failed to load stores:', storesQuery.error);
  }, [storesQuery.error]);

  const pages = list.data?.pages ?? 0;
  useSnapToLastPage(page, pages, !list.isPlaceholderData, (last) => update({ page: last }));

  const rows = list.data?.transactions ?? [];
  const filtered = activeCount > 0 || Boolean(search);
  const clearAll = () => {
    setSearchInput('');
    update({ type: '', category: '', from: '', to: '', storeFilter: '', search: '' });
  };
  const retry = (
    <Button variant="outline" size="sm" onClick={() => void list.refetch()} loading={list.isFetching}>
      <RotateCw aria-hidden="true" className="h-4 w-4" />
      Try again
    </Button>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = <TransactionsSkeleton />;
  } else if (list.isError && !list.data) {
    body = (
      <div role="status" className="flex flex-col items-center px-6 py-14 text-center">
        <Receipt aria-hidden="true" className="h-8 w-8 text-slate-300" />
        <p className="mt-3 text-sm text-slate-600">Transactions could not be loaded right now.</p>
        <div className="mt-4">{retry}</div>
      </div>
    );
  } else if (rows.length === 0) {
    body = filtered ? (
      <EmptyState icon={<SearchX aria-hidden="true" className="h-8 w-8" />} title="No transactions found matching your criteria" text="Try another name or card UID, a wider date range or fewer filters.">
        <Button variant="outline" onClick={clearAll}>
          Clear Filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={<Receipt aria-hidden="true" className="h-8 w-8" />} title="No transactions yet" text="Every cashback earned or redeemed at the POS Terminal appears here.">
        <Link
          to={paths.tenant.pos(slug)}
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-700"
        >
          <ScanLine aria-hidden="true" className="h-4 w-4" />
          Open POS Terminal
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <TransactionsTable transactions={rows} busy={list.isPlaceholderData} />
        <TransactionsPagination page={page} pages={pages} total={list.data?.total ?? 0} limit={TRANSACTIONS_PAGE_SIZE} onPage={(p) => update({ page: p })} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Transactions" subtitle="View and manage all cashback transactions" />
      <TransactionFiltersBar
        search={searchInput}
        onSearchChange={setSearchInput}
        filters={filters}
        onFilterChange={(key, value) => update({ [key]: value })}
        open={filtersOpen}
        onToggle={() => setFiltersOpen((o) => !o)}
        activeCount={activeCount}
        onClear={clearAll}
        canClear={filtered || searchInput.trim() !== ''}
        stores={storesQuery.data ? storesQuery.data.stores.map((s) => ({ id: s.id, name: s.name })) : null}
        onExport={() => exporter.mutate(filters)}
        exporting={exporter.isPending}
        exportFailed={exporter.isError}
      />
      {list.isError && list.data && (
        <div role="status" className="mb-4 flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-600">
          <span>The list could not be refreshed; showing the last rows loaded.</span>
          {retry}
        </div>
      )}
      <section aria-label="Transaction list" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {body}
      </section>
    </div>
  );
}

function EmptyState({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center px-6 py-16 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-500">{text}</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
