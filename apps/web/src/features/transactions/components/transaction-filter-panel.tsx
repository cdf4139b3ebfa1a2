import { Category, TransactionType } from '@loyalty/contract';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { CATEGORY_LABELS, TRANSACTION_TYPE_LABELS } from '@/lib/labels';
import type { TransactionFilters } from '../lib/filters';
import { useMessages } from '@/lib/i18n';
import { transactionsMessages } from '../messages';

/** A store the Store filter offers. */
export interface StoreChoice {
  id: string;
  name: string;
}

/**
 * The collapsible filter panel of the Transactions page: a region named 'Filters'
 * (id `transaction-filters`, controlled by the Filters toggle) with Type, Category, From date,
 * To date (flagged when before the from date) and Store (hidden when `stores` is null).
 */
export function TransactionFilterPanel({
  filters,
  onFilterChange,
  stores,
}: {
  filters: TransactionFilters;
  onFilterChange: (key: keyof TransactionFilters, value: string) => void;
  stores: StoreChoice[] | null;
}) {
  const t = useMessages(transactionsMessages);
  const rangeInverted = Boolean(filters.from && filters.to && filters.from > filters.to);
  return (
    <section id="transaction-filters" aria-label={t('filterRegion')} className="border-t border-slate-100 p-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Select label={t('filterType')} value={filters.type ?? ''} onChange={(e) => onFilterChange('type', e.target.value)}>
          <option value="">{t('filterAllTypes')}</option>
          {TransactionType.options.map((type) => (
            <option key={type} value={type}>
              {TRANSACTION_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
        <Select label={t('filterCategory')} value={filters.category ?? ''} onChange={(e) => onFilterChange('category', e.target.value)}>
          <option value="">{t('filterAllCategories')}</option>
          {Category.options.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </Select>
        <Input label={t('filterFrom')} type="date" value={filters.from ?? ''} max={filters.to} onChange={(e) => onFilterChange('from', e.target.value)} />
        <Input
          label={t('filterTo')}
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => onFilterChange('to', e.target.value)}
          error={rangeInverted ? t('filterRangeInverted') : undefined}
        />
        {stores && (
          <Select label={t('filterStore')} value={filters.storeFilter ?? ''} onChange={(e) => onFilterChange('storeFilter', e.target.value)}>
            <option value="">{t('filterAllStores')}</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        )}
      </div>
    </section>
  );
}
