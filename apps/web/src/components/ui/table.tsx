import type { HTMLAttributes, ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * The list table of the app (Table). One component draws every list the same way:
 *
 * - from the `breakpoint` (md by default) a real `<table>` whose accessible name is its
 *   `caption` (screen-reader only), with `<th scope="col">` header cells; a sortable column's
 *   header is a button and its `<th>` carries `aria-sort`;
 * - below the breakpoint, when `renderCard` is given, the phone layout: a `<ul>` (named by
 *   `listLabel`) with one `<li>` per row whose content `renderCard` draws; without `renderCard`
 *   the table stays and scrolls sideways;
 * - `loading`: grey placeholder rows ({@link TableSkeleton}) and a screen-reader 'Loading…';
 * - no rows: the `empty` node (usually an EmptyState) instead of the table;
 * - `busy`: the rows dim and `aria-busy` is set while the next page or search loads.
 *
 * The e2e suite reads this structure: `getByRole('table', { name })`, `tbody tr`, `td`,
 * `getByRole('columnheader')`, `getByRole('list', { name })` and `li`.
 */
export interface Column<T> {
  /** Stable id of the column; also the sort key reported to `onSortChange`. */
  id: string;
  /** The header cell's text (its accessible name). */
  header: ReactNode;
  /** The body cell of `row`. */
  cell: (row: T) => ReactNode;
  /** Right-align numbers and actions. */
  align?: 'left' | 'right';
  /** Extra classes of this column's body cells. */
  className?: string;
  /** Extra classes of this column's header cell (widths, padding). */
  headerClassName?: string;
  /** Whether the header sorts by this column (needs `sort` and `onSortChange` on the table). */
  sortable?: boolean;
}

/** The sort order of a table: a column id and a direction. */
export interface TableSort {
  column: string;
  direction: 'asc' | 'desc';
}

/** Props of {@link Table}. */
export interface TableProps<T> {
  /** The table's accessible name (a screen-reader-only `<caption>`). */
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Extra attributes of a row's `<tr>` (e.g. `data-testid`, `data-type`). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  /** The phone layout of one row (the `<li>`'s content); omit to keep the table on phones. */
  renderCard?: (row: T) => ReactNode;
  /** Extra attributes of a phone card's `<li>`. */
  cardProps?: (row: T) => HTMLAttributes<HTMLLIElement> & Record<`data-${string}`, string | undefined>;
  /** Accessible name of the phone list (`getByRole('list', { name })`). */
  listLabel?: string;
  /** Classes of the phone `<ul>`: divided rows inside a card by default; 'space-y-3' for separate cards. */
  listClassName?: string;
  /** Width from which the table shows instead of the phone cards. */
  breakpoint?: 'sm' | 'md' | 'lg';
  /** A border and shadow around the table (when it is not already inside a card). */
  framed?: boolean;
  /** Padding of every cell; 'px-4 py-3' by default. */
  cellClassName?: string;
  loading?: boolean;
  /** What shows loading (the skeleton's screen-reader text), e.g. 'Loading customers'. */
  loadingLabel?: string;
  /** Shown instead of the table when there are no rows (and not loading). */
  empty?: ReactNode;
  busy?: boolean;
  /**
   * A table too wide for the page on most screens: its sideways-scrolling frame becomes a
   * keyboard stop (a region named by the caption), so it can be scrolled without a mouse.
   */
  scrollable?: boolean;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
}

const show = { sm: ['hidden sm:block', 'sm:hidden'], md: ['hidden md:block', 'md:hidden'], lg: ['hidden lg:block', 'lg:hidden'] } as const;
const frame = 'rounded-xl border border-slate-200 bg-white shadow-sm';

/** A documented list table with header, sorting, loading and empty rows and a phone card layout (see {@link Column}). */
export function Table<T>(props: TableProps<T>) {
  const { rows, renderCard, breakpoint = 'md', framed, loading, empty, busy } = props;
  if (loading) return <TableSkeleton label={props.loadingLabel ?? `Loading ${props.caption.toLowerCase()}`} className={framed ? frame : undefined} />;
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const [wide, narrow] = show[breakpoint];
  return (
    <div aria-busy={busy || undefined} className={cn('transition-opacity motion-reduce:transition-none', busy && 'opacity-60')}>
      <div
        className={cn('overflow-x-auto', renderCard && wide, framed && frame)}
        tabIndex={props.scrollable ? 0 : undefined}
        role={props.scrollable ? 'region' : undefined}
        aria-label={props.scrollable ? props.caption : undefined}
      >
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">{props.caption}</caption>
          <TableHead columns={props.columns} cellClassName={props.cellClassName} sort={props.sort} onSortChange={props.onSortChange} />
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.map((row) => (
              <tr key={props.rowKey(row)} {...props.rowProps?.(row)} className={cn('hover:bg-slate-50/70', props.rowProps?.(row).className)}>
                {props.columns.map((c) => (
                  <td key={c.id} className={cn(props.cellClassName ?? 'px-4 py-3', c.align === 'right' && 'text-right', c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {renderCard && (
        <ul aria-label={props.listLabel} className={cn(narrow, props.listClassName ?? 'divide-y divide-slate-100')}>
          {rows.map((row) => (
            <li key={props.rowKey(row)} {...props.cardProps?.(row)}>
              {renderCard(row)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const th = 'text-left text-xs font-semibold uppercase tracking-wide text-slate-500';

function TableHead<T>({ columns, cellClassName, sort, onSortChange }: Pick<TableProps<T>, 'columns' | 'cellClassName' | 'sort' | 'onSortChange'>) {
  return (
    <thead className="bg-slate-50">
      <tr>
        {columns.map((c) => {
          const sorted = sort?.column === c.id ? sort.direction : undefined;
          const canSort = c.sortable && onSortChange;
          return (
            <th
              key={c.id}
              scope="col"
              aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
              className={cn(th, cellClassName ?? 'px-4 py-3', c.align === 'right' && 'text-right', c.headerClassName)}
            >
              {canSort ? (
                <SortButton header={c.header} sorted={sorted} onClick={() => onSortChange({ column: c.id, direction: sorted === 'asc' ? 'desc' : 'asc' })} />
              ) : (
                c.header
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

function SortButton({ header, sorted, onClick }: { header: ReactNode; sorted?: 'asc' | 'desc'; onClick: () => void }) {
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {header}
      <Icon aria-hidden="true" className={cn('h-3.5 w-3.5', !sorted && 'opacity-50')} />
    </button>
  );
}

/** Grey placeholder rows while a list's first page loads, with a screen-reader `label` ('Loading customers'). */
export function TableSkeleton({ rows = 6, label, className }: { rows?: number; label: string; className?: string }) {
  return (
    <div aria-busy="true" className={className}>
      <span className="sr-only" role="status">
        {label}
      </span>
      <ul aria-hidden="true" className="divide-y divide-slate-100">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex items-center gap-4 px-4 py-4">
            <div className="flex-1 space-y-2">
              <div className="h-3.5 w-40 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-56 max-w-full animate-pulse rounded bg-slate-100" />
            </div>
            <div className="hidden h-5 w-16 animate-pulse rounded-full bg-slate-200 sm:block" />
            <div className="hidden h-4 w-20 animate-pulse rounded bg-slate-100 md:block" />
          </li>
        ))}
      </ul>
    </div>
  );
}
