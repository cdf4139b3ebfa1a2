import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/**
 * Previous / Next pager with 'Showing x to y of z {noun}' and 'Page p of n', rendered only
 * when there is more than one page (with `always`, whenever there is a row). `page` counts from 1;
 * a page past the end shows as the last one.
 */
export function Pagination({
  page,
  pages,
  total,
  limit,
  noun,
  onPage,
  always = false,
  className,
}: {
  page: number;
  pages: number;
  total: number;
  limit: number;
  /** What is counted, e.g. 'cards' or 'customers'. */
  noun: string;
  onPage: (page: number) => void;
  /** Show the pager on a single page too (not when there are no rows). */
  always?: boolean;
  /** Spacing and frame of the pager; replaces the default top margin ('mt-4'). */
  className?: string;
}) {
  const t = useMessages(componentsMessages);
  if (always ? total <= 0 : pages <= 1) return null;
  const shown = Math.min(page, Math.max(1, pages));
  const from = (shown - 1) * limit + 1;
  const to = Math.min(total, shown * limit);
  return (
    <nav aria-label={t('pagination')} className={cn('flex flex-col items-center justify-between gap-3 sm:flex-row', className ?? 'mt-4')}>
      <p className="text-sm text-slate-600" data-testid="pagination-summary">
        {t('showing')} <span className="font-medium">{from}</span> {t('to')} <span className="font-medium">{to}</span> {t('of')}{' '}
        <span className="font-medium">{total}</span> {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(shown - 1)} disabled={shown <= 1}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {t('previous')}
        </Button>
        <span className="text-sm text-slate-600">{t('pageOf', { page: shown, pages: Math.max(1, pages) })}</span>
        <Button variant="outline" size="sm" onClick={() => onPage(shown + 1)} disabled={shown >= pages}>
          {t('next')}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
