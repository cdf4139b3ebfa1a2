import { RotateCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** The part of a TanStack query a load error needs. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A failed load (every page has its error state): a red alert titled `title`, the server's message
 * (or `fallback` when it gave none) and 'Try again', which refetches and spins while it runs.
 */
export function LoadError({
  title,
  query,
  fallback,
  className,
  compact = false,
}: {
  title: string;
  query: RetryableQuery;
  fallback: string;
  className?: string;
  compact?: boolean;
}) {
  const t = useMessages(componentsMessages);
  return (
    <Alert tone="error" title={title} className={className}>
      <p>{errorMessage(query.error, fallback)}</p>
      <Button variant="outline" size="sm" className={compact ? 'mt-2' : 'mt-3'} onClick={() => void query.refetch()} loading={query.isFetching}>
        <RotateCw aria-hidden="true" className="h-4 w-4" />
        {t('tryAgain')}
      </Button>
    </Alert>
  );
}
