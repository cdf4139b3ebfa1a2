import { Download } from 'lucide-react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ListPage } from '@/components/ui/list-page';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api';
import { useActivity, useActorOptions, useExportActivity } from '../api/activity';
import type { ActivityFilters } from '../api/keys';
import { ActivityFilterBar } from '../components/activity-filters';
import { ActivityList } from '../components/activity-list';
import { useMessages } from '@/lib/i18n';
import { activityMessages } from '../messages';

const FILTER_KEYS = ['actor', 'action', 'from', 'to'] as const;

/**
 * /t/{slug}/activity (Store Admin; docs/security.md 'Audit trail'): who changed what in the
 * business, newest first, 50 at a time with 'Load more'. Filters (person or API key, action,
 * from/to days) live in the address; a row opens what changed (before → after, money and
 * times formatted); 'Export CSV' saves activity.csv with the same filters. Loading, empty and
 * error states as on every list page.
 */
export function ActivityPage() {
  const t = useMessages(activityMessages);
  const { slug = '' } = useParams();
  const list$ = useListParams([...FILTER_KEYS]);
  const filters: ActivityFilters = { ...list$.filters };
  const activity = useActivity(slug, filters);
  const actors = useActorOptions(slug);
  const exporter = useExportActivity(slug);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <ListPage
      title={t('pageTitle')}
      subtitle={t('pageSubtitle')}
      toolbar={
        <ActivityFilterBar filters={filters} onChange={(next) => list$.update(next)} actors={actors.data ?? []}>
          <Button variant="secondary" className="shrink-0 whitespace-nowrap lg:ml-auto" loading={exporter.isPending} onClick={() => exporter.mutate(filters)}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t('exportButton')}
          </Button>
        </ActivityFilterBar>
      }
      above={
        exporter.isError ? (
          <Alert tone="error" className="mb-4">
            {errorMessage(exporter.error, t('exportFailed'))}
          </Alert>
        ) : undefined
      }
      query={activity}
      errorTitle={t('loadFailed')}
    >
      <ActivityList query={activity} filtered={filtered} onClear={list$.clearAll} />
    </ListPage>
  );
}
