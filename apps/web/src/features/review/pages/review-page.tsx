import { CloudOff, ShieldAlert } from 'lucide-react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Select } from '@/components/ui/select';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useMessages, type Translate } from '@/lib/i18n';
import { useSyncConflicts } from '../api/conflicts';
import { useRiskFlags } from '../api/flags';
import type { ReviewFilter } from '../api/keys';
import { ConflictsView } from '../components/conflicts-view';
import { FlagsView } from '../components/flags-view';
import { useReviewParams, type ReviewView } from '../hooks/use-review-params';
import { reviewMessages } from '../messages';
import { conflictMessages } from '../messages-conflicts';

/** The page's two views, their labels in `t`'s language. */
const views = (t: Translate<(typeof reviewMessages)['en']>): readonly TabItem<ReviewView>[] => [
  { value: 'flags', label: t('viewFlags'), icon: <ShieldAlert aria-hidden="true" className="h-4 w-4" /> },
  { value: 'conflicts', label: t('viewConflicts'), icon: <CloudOff aria-hidden="true" className="h-4 w-4" /> },
];

/**
 * Review /t/{slug}/review (tenant_admin): what a Store Admin should look at, in two views kept in the
 * address. Flags (the default; docs/product.md 'Velocity limits'): the movements accepted although
 * they crossed a limit set to flag, with Dismiss and Block card. Sync conflicts (`?view=conflicts`;
 * docs/product.md 'Offline till'): the movements made offline that the server refused when they
 * arrived, with what to do and Mark resolved. Both views show the open items (the default) or all of
 * them (`?status=all`); the header says how many flags and conflicts are open.
 */
export function ReviewPage() {
  const t = useMessages(reviewMessages);
  const tc = useMessages(conflictMessages);
  const { slug = '' } = useParams();
  const { view, setView, status, setStatus } = useReviewParams();
  const flags = useRiskFlags(slug, status);
  const conflicts = useSyncConflicts(slug, status);
  const openFlags = flags.data?.openCount;
  const openConflicts = conflicts.data?.openCount;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t('pageTitle')}
        subtitle={t('pageSubtitle')}
        actions={
          <>
            {openFlags !== undefined && <Badge color={openFlags > 0 ? 'yellow' : 'grey'}>{t('openCount', { count: openFlags })}</Badge>}
            {openConflicts !== undefined && <Badge color={openConflicts > 0 ? 'yellow' : 'grey'}>{tc('openCount', { count: openConflicts })}</Badge>}
            <Select label={t('filterLabel')} value={status} onChange={(e) => setStatus(e.target.value as ReviewFilter)} wrapperClassName="w-48">
              <option value="OPEN">{view === 'flags' ? t('filterOpen') : tc('filterOpen')}</option>
              <option value="ALL">{view === 'flags' ? t('filterAll') : tc('filterAll')}</option>
            </Select>
          </>
        }
      />
      <Tabs items={views(t)} value={view} onChange={setView} label={t('viewsLabel')} className="sm:[&_[role=tablist]]:w-fit">
        {view === 'flags' ? <FlagsView slug={slug} flags={flags} /> : <ConflictsView slug={slug} conflicts={conflicts} />}
      </Tabs>
    </div>
  );
}
