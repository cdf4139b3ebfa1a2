import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * The empty state of a list (every page has its empty state): a round indigo icon, a heading
 * (`title`, an h2 the e2e suite reads), a short `description` and an optional `action` (a button or
 * link). `framed` (the default) draws the dashed box used when the state stands alone on a page;
 * `framed={false}` fits it inside an existing card or table.
 */
export function EmptyState({
  icon,
  title,
  description,
  action,
  framed = true,
  className,
}: {
  /** A lucide icon, 32 px (`h-8 w-8`), aria-hidden. */
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  framed?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center px-6 py-16 text-center',
        framed && 'rounded-xl border border-dashed border-slate-300 bg-white',
        className,
      )}
    >
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/**
 * The empty state of a searched or filtered list that found nothing: a search-off icon,
 * `title` ('No cards found matching your criteria'), `description` and an outline button
 * (`clearLabel`, e.g. 'Clear filters') that calls `onClear`.
 */
export function NoResults({
  title,
  description,
  clearLabel,
  onClear,
  framed,
}: {
  title: string;
  description: string;
  clearLabel: string;
  onClear: () => void;
  framed?: boolean;
}) {
  return (
    <EmptyState
      framed={framed}
      icon={<SearchX aria-hidden="true" className="h-8 w-8" />}
      title={title}
      description={description}
      action={
        <Button variant="outline" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  );
}
