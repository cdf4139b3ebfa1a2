import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Footer of the transaction list (spec §2): 'Showing x to y of z results' and Previous / Next
 * (disabled at the ends), with 'Page n of m' between them. Shown whenever there are results.
 */
export function TransactionsPagination({ page, pages, total, limit, onPage }: { page: number; pages: number; total: number; limit: number; onPage: (page: number) => void }) {
  if (total <= 0) return null;
  const shownPage = Math.min(page, Math.max(1, pages));
  const from = (shownPage - 1) * limit + 1;
  const to = Math.min(total, shownPage * limit);
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 sm:flex-row">
      <p className="text-sm text-slate-600" data-testid="pagination-summary">
        Showing <span className="font-medium">{from}</span> to <span className="font-medium">{to}</span> of <span className="font-medium">{total}</span> results
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(shownPage - 1)} disabled={shownPage <= 1}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </Button>
        <span className="px-1 text-sm text-slate-600">
          Page {shownPage} of {Math.max(1, pages)}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPage(shownPage + 1)} disabled={shownPage >= pages}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
