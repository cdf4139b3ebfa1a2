import { Category, TransactionType } from '@loyalty/contract';
import { ChevronDown, Download, Filter, Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { TransactionFilters } from '../lib/filters';
import { CATEGORY_LABELS, TRANSACTION_TYPE_LABELS } from '@/lib/labels';

/** A store the Store filter offers. */
export interface StoreChoice {
  id: string;
  name: string;
}

/**
 * Search box, Filters toggle (with the number of filters set), Clear Filters and Export CSV of
 * the Transactions page (spec §2), and the collapsible filter panel: type, category, from
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
  /** The last export failed: the button's hint says so (the error itself is only logged, spec §8). */
  exportFailed: boolean;
}) {
  const rangeInverted = Boolean(filters.from && filters.to && filters.from > filters.to);
  return (
    <div className="mb-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
        <Input
          label="Search transactions"
          hideLabel
          type="search"
          placeholder="Search name or card UID"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          leading={<Search aria-hidden="true" className="h-4 w-4" />}
          wrapperClassName="flex-1 min-w-0"
          autoComplete="off"
          spellCheck={false}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" onClick={onToggle} aria-expanded={open} aria-controls="transaction-filters" className="flex-1 sm:flex-none">
            <Filter aria-hidden="true" className="h-4 w-4" />
            Filters
            {activeCount > 0 && (
              <span className="rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white" aria-label={`${activeCount} set`}>
                {activeCount}
              </span>
            )}
            <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
          </Button>
          <Button variant="ghost" onClick={onClear} disabled={!canClear} className="flex-1 sm:flex-none">
            <X aria-hidden="true" className="h-4 w-4" />
            Clear Filters
          </Button>
          <Button
            variant="outline"
            onClick={onExport}
            loading={exporting}
            className="flex-1 sm:flex-none"
            title="Download the transactions matching the filters (the search box is not applied) as transactions.csv"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </Button>
        </div>
      </div>
      {exportFailed && !exporting && (
        <p role="status" className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
          The export did not finish. Press Export CSV to try again.
        </p>
      )}
      {open && (
        <section id="transaction-filters" aria-label="Filters" className="border-t border-slate-100 p-3">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
            <Select label="Type" value={filters.type ?? ''} onChange={(e) => onFilterChange('type', e.target.value)}>
              <option value="">All types</option>
              {TransactionType.options.map((t) => (
                <option key={t} value={t}>
                  {TRANSACTION_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
            <Select label="Category" value={filters.category ?? ''} onChange={(e) => onFilterChange('category', e.target.value)}>
              <option value="">All categories</option>
              {Category.options.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </Select>
            <Input label="From date" type="date" value={filters.from ?? ''} max={filters.to} onChange={(e) => onFilterChange('from', e.target.value)} />
            <Input
              label="To date"
              type="date"
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(e) => onFilterChange('to', e.target.value)}
              error={rangeInverted ? 'The to date is before the from date' : undefined}
            />
            {stores && (
              <Select label="Store" value={filters.storeFilter ?? ''} onChange={(e) => onFilterChange('storeFilter', e.target.value)}>
                <option value="">All stores</option>
                {stores.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
