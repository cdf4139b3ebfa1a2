import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * Previous / Next pager with 'Showing x to y of z {noun}' and 'Page p of n', rendered only
 * when there is more than one page. `page` counts from 1 (decisions.md 'API shape').
 */
export function Pagination({
  page,
  pages,
  total,
  limit,
  noun,
  onPage,
  className,
}: {
  page: number;
  pages: number;
  total: number;
  limit: number;
  /** What is counted, e.g. 'cards' or 'customers'. */
  noun: string;
  onPage: (page: number) => void;
  className?: string;
}) {
  if (pages <= 1) return null;
  const from = (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav aria-label="Pagination" className={cn('mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row', className)}>
      <p className="text-sm text-slate-600">
        Showing <span className="font-medium">{from}</span> to <span className="font-medium">{to}</span> of <span className="font-medium">{total}</span> {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </Button>
        <span className="text-sm text-slate-600">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
