import { Receipt, RotateCw, ScanLine } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, NoResults } from '@/components/ui/empty-state';
import type { RetryableQuery } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { useMessages } from '@/lib/i18n';
import { transactionsMessages } from '../messages';

/** The quiet 'Try again' of the Transactions page (list failures are only logged). */
function RetryButton({ query }: { query: RetryableQuery }) {
  const t = useMessages(transactionsMessages);
  return (
    <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
      <RotateCw aria-hidden="true" className="h-4 w-4" />
      {t('retry')}
    </Button>
  );
}

/** The first page could not be loaded: a short status line and 'Try again' instead of a blank list. */
export function TransactionsLoadFailed({ query }: { query: RetryableQuery }) {
  const t = useMessages(transactionsMessages);
  return (
    <div role="status" className="flex flex-col items-center px-6 py-14 text-center">
      <Receipt aria-hidden="true" className="h-8 w-8 text-slate-300" />
      <p className="mt-3 text-sm text-slate-600">{t('loadFailed')}</p>
      <div className="mt-4">
        <RetryButton query={query} />
      </div>
    </div>
  );
}

/** A refresh failed while rows are shown: the last rows stay, with 'Try again'. */
export function TransactionsStale({ query }: { query: RetryableQuery }) {
  const t = useMessages(transactionsMessages);
  return (
    <div role="status" className="mb-4 flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-600">
      <span>{t('stale')}</span>
      <RetryButton query={query} />
    </div>
  );
}

/**
 * The empty list: with a search or filter 'No transactions found matching your criteria' and Clear
 * Filters; otherwise 'No transactions yet' and a link to the POS Terminal.
 */
export function TransactionsEmpty({ slug, filtered, onClear }: { slug: string; filtered: boolean; onClear: () => void }) {
  const t = useMessages(transactionsMessages);
  if (filtered) {
    return <NoResults framed={false} title={t('noMatchTitle')} description={t('noMatchDescription')} clearLabel={t('filtersClear')} onClear={onClear} />;
  }
  return (
    <EmptyState
      framed={false}
      icon={<Receipt aria-hidden="true" className="h-8 w-8" />}
      title={t('emptyTitle')}
      description={t('emptyDescription')}
      action={
        <Link
          to={paths.tenant.pos(slug)}
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-indigo-700"
        >
          <ScanLine aria-hidden="true" className="h-4 w-4" />
          {t('emptyOpenPos')}
        </Link>
      }
    />
  );
}
