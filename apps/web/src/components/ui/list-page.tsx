import type { ComponentProps, ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { LoadError, type RetryableQuery } from '@/components/ui/load-error';
import { SearchField } from './search-field';
import { Pagination } from '@/components/ui/pagination';
import { useSnapToLastPage } from '@/hooks/use-snap-to-last-page';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';

/** The part of a TanStack list query a {@link ListPage} reads. */
export interface ListQuery extends RetryableQuery {
  data?: unknown;
  isError: boolean;
  /** True while the previous query's rows stand in for this one's (keepPreviousData). */
  isPlaceholderData: boolean;
}

/** The pager of a {@link ListPage}: the props of Pagination (page from 1, pages, total rows, rows per page, noun, onPage). */
export type ListPagination = ComponentProps<typeof Pagination>;

/**
 * The frame of every list page (every page has its loading, empty and error state): the page header
 * (`title`, `subtitle`, `actions`), what sits above the list (`above`, e.g. summary cards), the
 * `toolbar` (usually a {@link ListToolbar}), then the list:
 * - the first load failed: `errorState`, or a LoadError titled `errorTitle` with 'Try again';
 * - a refresh failed while rows are shown: `staleError`, or a red alert with the server message;
 * - otherwise `children` (a Table, which draws its own loading and empty rows) and the
 *   Pagination ('Showing x to y of z {noun}'), once data has arrived.
 * A page past the end (after a delete or a narrower search) moves to the last page.
 * With `listLabel` the list and its pager sit in one bordered `<section>` of that name.
 * What follows the list (dialogs) goes in `dialogs`.
 */
export function ListPage({
  title,
  subtitle,
  actions,
  above,
  toolbar,
  query,
  errorTitle,
  errorFallback,
  errorState,
  staleError,
  pagination,
  listLabel,
  dialogs,
  className,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  above?: ReactNode;
  toolbar?: ReactNode;
  query: ListQuery;
  errorTitle: string;
  errorFallback?: string;
  errorState?: ReactNode;
  staleError?: ReactNode;
  pagination?: ListPagination;
  listLabel?: string;
  dialogs?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  useSnapToLastPage(pagination?.page ?? 1, pagination?.pages ?? 0, !query.isPlaceholderData, (last) => pagination?.onPage(last));
  const failed = query.isError && !query.data;
  return (
    <div className={cn('mx-auto max-w-7xl', className)}>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {above}
      {toolbar}
      {query.isError &&
        query.data !== undefined &&
        (staleError ?? (
          <Alert tone="error" className="mb-4">
            {errorMessage(query.error, errorTitle)}
          </Alert>
        ))}
      <ListBody label={listLabel}>
        {failed ? (errorState ?? <LoadError title={errorTitle} query={query} fallback={errorFallback ?? `Something went wrong. ${errorTitle}.`} />) : children}
        {!failed && pagination && <Pagination {...pagination} />}
      </ListBody>
      {dialogs}
    </div>
  );
}

function ListBody({ label, children }: { label?: string; children: ReactNode }) {
  if (!label) return <>{children}</>;
  return (
    <section aria-label={label} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {children}
    </section>
  );
}

/**
 * The search row of a list page: a search box (accessible name `label`, debounced into the
 * address by useListParams) and, to its right, the page's filters (`children`).
 */
export function ListToolbar({
  label,
  placeholder,
  value,
  onChange,
  children,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row">
      <SearchField label={label} placeholder={placeholder} value={value} onChange={onChange} />
      {children}
    </div>
  );
}
