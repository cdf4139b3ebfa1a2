import { Download, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import type { TransactionFilters } from '../lib/filters';
import { useMessages } from '@/lib/i18n';
import { transactionsMessages } from '../messages';
import { FiltersToggle } from './filters-toggle';
import { TransactionFilterPanel, type StoreChoice } from './transaction-filter-panel';

export type { StoreChoice } from './transaction-filter-panel';

/**
 * Search box, Filters toggle (with the number of filters set), Clear Filters and Export CSV of
 * the Transactions page, and the collapsible filter panel: type, category, from
 * date, to date, store. The panel is a region named 'Filters' controlled by the toggle
 * (aria-expanded). Clear Filters resets the filters and the search; it is disabled when
 * nothing is set.
 */
export function TransactionFiltersBar({
  search,
  onSearchChange,
  filters,
  onFilterChange,
  open,
  onToggle,
  activeCount,
  onClear,
  canClear,
  stores,
  onExport,
  exporting,
  exportFailed,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  filters: TransactionFilters;
  onFilterChange: (key: keyof TransactionFilters, value: string) => void;
  open: boolean;
  onToggle: () => void;
  /** Filters of the panel that are set. */
  activeCount: number;
  onClear: () => void;
  canClear: boolean;
  /** Stores for the Store filter; the filter is hidden when null (list unavailable). */
  stores: StoreChoice[] | null;
  onExport: () => void;
  exporting: boolean;
  /** The last export failed: the button's hint says so (the error itself is only logged). */
  exportFailed: boolean;
}) {
  const t = useMessages(transactionsMessages);
  return (
    <div className="mb-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
        <SearchField label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={search} onChange={onSearchChange} />
        <div className="flex flex-wrap items-center gap-2">
          <FiltersToggle open={open} onToggle={onToggle} activeCount={activeCount} />
          <Button variant="ghost" onClick={onClear} disabled={!canClear} className="flex-1 sm:flex-none">
            <X aria-hidden="true" className="h-4 w-4" />
            {t('filtersClear')}
          </Button>
          <Button variant="outline" onClick={onExport} loading={exporting} className="flex-1 sm:flex-none" title={t('exportTitle')}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t('exportButton')}
          </Button>
        </div>
      </div>
      {exportFailed && !exporting && (
        <p role="status" className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
          {t('exportFailed')}
        </p>
      )}
      {open && <TransactionFilterPanel filters={filters} onFilterChange={onFilterChange} stores={stores} />}
    </div>
  );
}
