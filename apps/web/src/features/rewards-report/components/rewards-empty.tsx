import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { RichMessage, useMessages } from '@/lib/i18n';
import { rewardsReportMessages } from '../messages';

/** Every figure of the period is zero: 'No rewards yet', with a link to where the rewards are switched on (Rules & Settings). */
export function RewardsEmpty({ slug }: { slug: string }) {
  const t = useMessages(rewardsReportMessages);
  return (
    <EmptyState
      icon={<Gift aria-hidden="true" className="h-8 w-8" />}
      title={t('emptyTitle')}
      description={
        <RichMessage
          catalog={rewardsReportMessages}
          id="emptyDescription"
          components={{ rules: <Link to={paths.tenant.rules(slug)} className="font-medium text-indigo-600 hover:underline" /> }}
        />
      }
    />
  );
}
