import { Input } from '@/components/ui/input';
import { ListPage } from '@/components/ui/list-page';
import { useListParams } from '@/hooks/use-list-params';
import { usePlatformActivity } from '../api/activity';
import type { ActivityFilters } from '../api/keys';
import { ActivityFilterBar } from '../components/activity-filters';
import { ActivityList } from '../components/activity-list';
import { useMessages } from '@/lib/i18n';
import { activityMessages } from '../messages';

const FILTER_KEYS = ['tenant', 'actor', 'action', 'from', 'to'] as const;

/**
 * /platform/activity (platform_admin; docs/security.md 'Audit trail'): the audit trail of every
 * tenant and of the platform itself (plans, settings, tenant status, operator sign-ins), newest
 * first, 50 at a time with 'Load more'; filters by tenant slug ('platform' for platform events
 * only), action and days live in the address; a row opens what changed.
 */
export function PlatformActivityPage() {
  const t = useMessages(activityMessages);
  const list$ = useListParams([...FILTER_KEYS]);
  const filters: ActivityFilters = { ...list$.filters };
  const activity = usePlatformActivity(filters);
  return (
    <ListPage
      title={t('pageTitle')}
      subtitle={t('platformSubtitle')}
      toolbar={
        <ActivityFilterBar filters={filters} onChange={(next) => list$.update(next)}>
          <Input
            label={t('tenantFilter')}
            wrapperClassName="lg:w-52"
            placeholder={t('tenantPlaceholder')}
            key={filters.tenant}
            defaultValue={filters.tenant}
            onBlur={(e) => list$.update({ tenant: e.target.value })}
            onKeyDown={(e) => e.key === 'Enter' && list$.update({ tenant: e.currentTarget.value })}
          />
        </ActivityFilterBar>
      }
      query={activity}
      errorTitle={t('loadFailed')}
    >
      <ActivityList query={activity} filtered={Object.values(filters).some(Boolean)} onClear={list$.clearAll} withTenant />
    </ListPage>
  );
}
