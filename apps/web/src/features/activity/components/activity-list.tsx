import { useState } from 'react';
import type { AuditEvent } from '@loyalty/contract';
import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState, NoResults } from '@/components/ui/empty-state';
import { useMessages } from '@/lib/i18n';
import { activityMessages } from '../messages';
import { ActivityDetailsDialog } from './activity-details-dialog';
import { ActivityTable } from './activity-table';

/** The part of an infinite Activity query the list reads. */
export interface ActivityPages {
  data?: { pages: { items: AuditEvent[] }[] };
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The events of an Activity query, newest first, with 'Load more' while there is a next page,
 * the details dialog of the event opened, and the empty states ('No activity matches these
 * filters' with Clear filters, or 'No activity yet').
 */
export function ActivityList({ query, filtered, onClear, withTenant }: { query: ActivityPages; filtered: boolean; onClear: () => void; withTenant?: boolean }) {
  const t = useMessages(activityMessages);
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const events = query.data?.pages.flatMap((p) => p.items) ?? [];
  const empty = filtered ? (
    <NoResults title={t('noMatchTitle')} description={t('noMatchDescription')} clearLabel={t('noMatchClear')} onClear={onClear} framed />
  ) : (
    <EmptyState icon={<History aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} />
  );
  return (
    <>
      <ActivityTable events={events} onOpen={setOpen} loading={query.isPending} withTenant={withTenant} empty={empty} />
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </div>
      )}
      <ActivityDetailsDialog event={open} onClose={() => setOpen(null)} />
    </>
  );
}
