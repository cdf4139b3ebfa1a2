import type { SyncConflictList } from '@loyalty/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useMessages } from '@/lib/i18n';
import { useConflictResolve } from '../hooks/use-conflict-resolve';
import { reviewMessages } from '../messages';
import { conflictMessages } from '../messages-conflicts';
import { ConflictsTable } from './conflicts-table';
import { ResolveConflictDialog } from './resolve-conflict-dialog';

/**
 * The Sync conflicts view of the Review page (docs/product.md 'Offline till'): the conflicts of
 * `conflicts` (the page's query of the open or all conflicts) in their table, Mark resolved after its
 * confirmation; 'Failed to load the sync conflicts' with Try again when the first load fails.
 */
export function ConflictsView({ slug, conflicts }: { slug: string; conflicts: UseQueryResult<SyncConflictList> }) {
  const t = useMessages(conflictMessages);
  const tr = useMessages(reviewMessages);
  const resolve = useConflictResolve(slug);
  if (conflicts.isError && !conflicts.data) return <LoadError title={t('loadFailed')} query={conflicts} fallback={tr('loadFailedFallback')} />;
  return (
    <>
      <Card>
        <ConflictsTable
          slug={slug}
          conflicts={conflicts.data?.items ?? []}
          loading={conflicts.isPending}
          busy={conflicts.isFetching && !conflicts.isPending}
          onResolve={resolve.askResolve}
        />
      </Card>
      <ResolveConflictDialog
        conflict={resolve.resolving}
        pending={resolve.resolvePending}
        error={resolve.resolveError}
        onConfirm={resolve.confirmResolve}
        onClose={resolve.closeResolve}
      />
    </>
  );
}
