import { ChevronDown, Filter } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useMessages } from '@/lib/i18n';
import { transactionsMessages } from '../messages';

/**
 * The 'Filters' toggle of the Transactions page: shows the number of panel filters set
 * (`activeCount`, named '<n> set') and controls the 'Filters' region (aria-expanded / aria-controls).
 */
export function FiltersToggle({ open, onToggle, activeCount }: { open: boolean; onToggle: () => void; activeCount: number }) {
  const t = useMessages(transactionsMessages);
  return (
    <Button variant="outline" onClick={onToggle} aria-expanded={open} aria-controls="transaction-filters" className="flex-1 sm:flex-none">
      <Filter aria-hidden="true" className="h-4 w-4" />
      {t('filtersToggle')}
      {activeCount > 0 && (
        <span className="rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white" aria-label={t('filtersSet', { number: activeCount })}>
          {activeCount}
        </span>
      )}
      <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
    </Button>
  );
}
